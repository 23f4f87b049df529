import type { FleetListItem } from './api/fleets.queries.ts';

/** Case-insensitive "contains" over the visible columns (name, device type, organization). */
export function filterFleets(fleets: readonly FleetListItem[], filter: string): FleetListItem[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...fleets];
  return fleets.filter((fleet) =>
    [fleet.app_name, fleet.slug, fleet.is_for__device_type[0]?.name, fleet.is_for__device_type[0]?.slug, fleet.organization[0]?.name]
      .filter((v): v is string => typeof v === 'string')
      .some((v) => v.toLowerCase().includes(needle)),
  );
}
