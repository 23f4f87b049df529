import { queryOptions } from '@tanstack/react-query';
import { pine } from '../../../lib/pine.ts';
import { DEVICE_REFRESH_MS, DEVICE_TYPES_REFETCH_MS } from '../../../lib/query-client.ts';
import type { DeviceTypeRow, OrganizationRow } from '../../../lib/model.ts';

/** Fleets spec §9: the default device type falls back to raspberrypi4-64. */
export const DEFAULT_DEVICE_TYPE_SLUG = 'raspberrypi4-64';

export const organizationKeys = { all: ['organizations'] as const, forUser: (userId: number) => ['organizations', userId] as const };

/** Organizations the user is a member of (compat §6.5 "own orgs" filter). */
export function organizationsQuery(userId: number) {
  return queryOptions({
    queryKey: organizationKeys.forUser(userId),
    queryFn: async (): Promise<OrganizationRow[]> => {
      const rows = await pine.get({
        resource: 'organization',
        options: {
          $select: ['id', 'name', 'handle'],
          $filter: { organization_membership: { $any: { $alias: 'om', $expr: { om: { user: userId } } } } },
          $orderby: { name: 'asc' },
        },
      });
      return rows as OrganizationRow[];
    },
    refetchInterval: DEVICE_REFRESH_MS,
  });
}

export const deviceTypesQuery = queryOptions({
  queryKey: ['device-types'],
  queryFn: async (): Promise<DeviceTypeRow[]> => {
    const rows = await pine.get({ resource: 'device_type', options: { $select: ['id', 'slug', 'name'], $orderby: { name: 'asc' } } });
    return rows as DeviceTypeRow[];
  },
  refetchInterval: DEVICE_TYPES_REFETCH_MS,
  staleTime: DEVICE_TYPES_REFETCH_MS,
});

/** The preselected device type: raspberrypi4-64 when offered, else the first one. */
export function defaultDeviceType(types: readonly DeviceTypeRow[]): DeviceTypeRow | undefined {
  return types.find((t) => t.slug === DEFAULT_DEVICE_TYPE_SLUG) ?? types[0];
}

export interface CreateFleetInput {
  name: string;
  organizationId: number;
  deviceTypeId: number;
}

export async function createFleet(input: CreateFleetInput): Promise<{ id: number }> {
  const created = await pine.post({
    resource: 'application',
    body: {
      app_name: input.name,
      organization: input.organizationId,
      is_for__device_type: input.deviceTypeId,
      is_of__class: 'fleet',
    },
  });
  return { id: Number((created as { id: unknown }).id) };
}

/** A 409 whose text mentions "unique" is a duplicate name (compat §1.5). */
export function isDuplicateError(error: unknown): boolean {
  const e = error as { status?: unknown; message?: unknown } | null;
  return e !== null && e.status === 409 && typeof e.message === 'string' && /unique/i.test(e.message);
}
