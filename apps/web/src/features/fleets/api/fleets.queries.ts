import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { OVERALL_STATUSES, type OverallStatus } from '@flotilla/core/device-status';
import * as application from '@flotilla/core/schemas/odata/application';
import * as applicationType from '@flotilla/core/schemas/odata/application-type';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as device from '@flotilla/core/schemas/odata/device';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import * as organization from '@flotilla/core/schemas/odata/organization';
import { odataCount, odataList, odataOne } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS, FLEET_LIST_POLL_MS } from '../../../lib/query-client.ts';

/** Query keys of the fleets area, everything under `all`: mutations invalidate through it. */
export const fleetKeys = {
  all: ['fleets'] as const,
  list: () => [...fleetKeys.all, 'list'] as const,
  detail: (id: number) => [...fleetKeys.all, 'detail', id] as const,
  deviceCounts: (id: number) => [...fleetKeys.detail(id), 'device-counts'] as const,
};

const FLEET_SELECT = ['id', 'app_name', 'slug', 'is_of__class', 'created_at'];
const FLEET_EXPAND = {
  is_for__device_type: { $select: ['slug', 'name'] },
  organization: { $select: ['id', 'name', 'handle'] },
  owns__device: { $count: {} },
};

/** A fleet as the list shows it: FLEET_SELECT plus FLEET_EXPAND. */
const fleetRow = application.row.pick({ id: true, app_name: true, slug: true, is_of__class: true, created_at: true }).extend({
  is_for__device_type: expanded(deviceType.row.pick({ slug: true, name: true })),
  organization: expanded(organization.row.pick({ id: true, name: true, handle: true })),
  /** `owns__device/$count`. */
  owns__device: z.number().int(),
});
export type FleetRow = z.output<typeof fleetRow>;

/** The second list query: online devices per fleet. */
const onlineCountRow = application.row.pick({ id: true }).extend({ owns__device: z.number().int() });

export type FleetListItem = FleetRow & { onlineDevices: number };

/**
 * The user's fleets (compat §6.5 access filter) with device totals, plus a second one-statement
 * query for the online counts (one navigation cannot be expanded twice in one request).
 */
async function listFleets(): Promise<FleetListItem[]> {
  const accessible = {
    is_of__class: 'fleet',
    is_directly_accessible_by__user: { $any: { $alias: 'dau', $expr: { 1: 1 } } },
  };
  const [rows, online] = await Promise.all([
    odataList(fleetRow, {
      resource: application.resource,
      options: { $select: FLEET_SELECT, $filter: accessible, $expand: FLEET_EXPAND, $orderby: { app_name: 'asc' } },
    }),
    odataList(onlineCountRow, {
      resource: application.resource,
      options: {
        $select: ['id'],
        $filter: accessible,
        $expand: { owns__device: { $count: { $filter: { api_heartbeat_state: 'online' } } } },
      },
    }),
  ]);
  const onlineById = new Map(online.map((r) => [r.id, r.owns__device]));
  return rows.map((row) => ({ ...row, onlineDevices: onlineById.get(row.id) ?? 0 }));
}

export const fleetListQuery = queryOptions({
  queryKey: fleetKeys.list(),
  queryFn: listFleets,
  refetchInterval: FLEET_LIST_POLL_MS,
});

/** The fleet on its own pages: the list's fields plus its settings (fleets spec §2 Fleet settings). */
const fleetWithSettingsRow = fleetRow
  .extend(application.row.pick({ should_track_latest_release: true, is_public: true, is_stored_at__repository_url: true }).shape)
  .extend({
    /** Legacy types may be public without a repository URL (fleets spec §5 "Fleet changes"). */
    application_type: expanded(applicationType.row.pick({ is_legacy: true })),
  });
export type FleetWithSettings = z.output<typeof fleetWithSettingsRow>;

/** One fleet, or null when it does not exist or is not visible to the user. */
export function fleetQuery(id: number) {
  return queryOptions({
    queryKey: fleetKeys.detail(id),
    queryFn: () =>
      odataOne(fleetWithSettingsRow, {
        resource: application.resource,
        id,
        options: {
          $select: [...FLEET_SELECT, 'should_track_latest_release', 'is_public', 'is_stored_at__repository_url'],
          $expand: { ...FLEET_EXPAND, application_type: { $select: ['is_legacy'] } },
        },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}

export type DeviceCountsByStatus = Record<OverallStatus, number>;

/** Device counts per overall_status (fleets spec §2 Fleet summary): one `$count` per status. */
export function fleetDeviceCountsQuery(id: number) {
  return queryOptions({
    queryKey: fleetKeys.deviceCounts(id),
    queryFn: async (): Promise<DeviceCountsByStatus> => {
      const counts = await Promise.all(
        OVERALL_STATUSES.map(async (status) => [status, await odataCount(device.resource, { belongs_to__application: id, overall_status: status })] as const),
      );
      // Built key by key, so the record has every status without asserting its type.
      const byStatus: DeviceCountsByStatus = {
        configuring: 0, operational: 0, inactive: 0, 'post-provisioning': 0, updating: 0, 'reduced-functionality': 0, disconnected: 0,
      };
      for (const [status, count] of counts) byStatus[status] = count;
      return byStatus;
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}
