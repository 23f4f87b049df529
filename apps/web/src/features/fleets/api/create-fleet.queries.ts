import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as organization from '@flotilla/core/schemas/odata/organization';
import { odataList } from '../../../lib/odata.ts';
import { DEVICE_REFRESH_MS } from '../../../lib/query-client.ts';
import type { DeviceTypeRow } from '../../devices/api/device-types.queries.ts';
import { orgKeys } from '../../organizations/api/organizations.queries.ts';

/** The create-fleet dialog's pickers (fleets spec §2 "Create fleet dialog"). */

/** Fleets spec §9: the default device type falls back to raspberrypi4-64. */
export const DEFAULT_DEVICE_TYPE_SLUG = 'raspberrypi4-64';

/** The preselected device type: raspberrypi4-64 when offered, else the first one. */
export function defaultDeviceType(types: readonly DeviceTypeRow[]): DeviceTypeRow | undefined {
  return types.find((t) => t.slug === DEFAULT_DEVICE_TYPE_SLUG) ?? types[0];
}

const organizationChoice = organization.row.pick({ id: true, name: true, handle: true });
export type OrganizationChoice = z.output<typeof organizationChoice>;

/**
 * Organizations the user is a member of (compat §6.5 "own orgs" filter). Keyed under the
 * organizations factory, so creating, leaving or renaming an organization refreshes the picker.
 */
export function organizationsQuery(userId: number) {
  return queryOptions({
    queryKey: [...orgKeys.all, 'fleet-picker', userId] as const,
    queryFn: () =>
      odataList(organizationChoice, {
        resource: organization.resource,
        options: {
          $select: ['id', 'name', 'handle'],
          $filter: { organization_membership: { $any: { $alias: 'om', $expr: { om: { user: userId } } } } },
          $orderby: { name: 'asc' },
        },
      }),
    refetchInterval: DEVICE_REFRESH_MS,
  });
}
