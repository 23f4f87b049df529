/**
 * Sidebar entries (fleets spec §2 "Sidebar entries", accounts spec §2 "Sidebar") for the
 * screens that exist. Each entry can require a permission or be hidden for observer-only
 * users; the Sidebar resolves those with useCan before rendering.
 */

export interface SidebarEntry {
  /** i18n key in the common namespace. */
  labelKey: string;
  to: string;
  /** Exact match for highlighting (summary pages are the parent path). */
  exact?: boolean;
  permission?: string;
  hiddenForObservers?: boolean;
}

export type SidebarContext =
  | { kind: 'home' }
  | { kind: 'fleet'; fleetId: number }
  | { kind: 'device'; uuid: string; fleetId: number | null };

export function sidebarEntries(context: SidebarContext): SidebarEntry[] {
  switch (context.kind) {
    case 'home':
      return [{ labelKey: 'sidebar.fleets', to: '/fleets' }];
    case 'fleet':
      return [
        { labelKey: 'sidebar.summary', to: `/fleets/${context.fleetId}`, exact: true },
        { labelKey: 'sidebar.devices', to: `/fleets/${context.fleetId}/devices` },
      ];
    case 'device':
      return [
        { labelKey: 'sidebar.summary', to: `/devices/${context.uuid}/summary` },
        ...(context.fleetId !== null ? [{ labelKey: 'sidebar.devices', to: `/fleets/${context.fleetId}/devices`, exact: true }] : []),
      ];
  }
}

/** Which sidebar to show for the current route params. */
export function sidebarContext(params: { fleetId?: string; uuid?: string }, deviceFleetId: number | null): SidebarContext {
  if (params.uuid) return { kind: 'device', uuid: params.uuid, fleetId: deviceFleetId };
  const fleetId = params.fleetId && /^\d+$/.test(params.fleetId) ? Number(params.fleetId) : null;
  if (fleetId !== null) return { kind: 'fleet', fleetId };
  return { kind: 'home' };
}
