import { queryOptions } from '@tanstack/react-query';
import { OVERALL_STATUSES, type OverallStatus } from '@flotilla/core/device-status';
import { pine } from '../../../lib/pine.ts';
import { DEFAULT_POLL_MS, FLEET_LIST_POLL_MS } from '../../../lib/query-client.ts';
import type { FleetDetail, FleetListRow } from '../../../lib/model.ts';

/** Query keys of the fleets area; mutations invalidate `fleetKeys.all`. */
export const fleetKeys = {
  all: ['fleets'] as const,
  list: () => ['fleets', 'list'] as const,
  detail: (id: number) => ['fleets', 'detail', id] as const,
  deviceCounts: (id: number) => ['fleets', 'detail', id, 'device-counts'] as const,
};

const FLEET_SELECT = ['id', 'app_name', 'slug', 'is_of__class', 'created_at'];
const FLEET_EXPAND = {
  is_for__device_type: { $select: ['slug', 'name'] },
  organization: { $select: ['id', 'name', 'handle'] },
  owns__device: { $count: {} },
};

export interface FleetListItem extends FleetListRow {
  onlineDevices: number;
}

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
    pine.get({
      resource: 'application',
      options: { $select: FLEET_SELECT, $filter: accessible, $expand: FLEET_EXPAND, $orderby: { app_name: 'asc' } },
    }),
    pine.get({
      resource: 'application',
      options: {
        $select: ['id'],
        $filter: accessible,
        $expand: { owns__device: { $count: { $filter: { api_heartbeat_state: 'online' } } } },
      },
    }),
  ]);
  const onlineById = new Map((online as Array<{ id: number; owns__device: number }>).map((r) => [r.id, r.owns__device]));
  return (rows as FleetListRow[]).map((row) => ({ ...row, onlineDevices: onlineById.get(row.id) ?? 0 }));
}

export const fleetListQuery = queryOptions({
  queryKey: fleetKeys.list(),
  queryFn: listFleets,
  refetchInterval: FLEET_LIST_POLL_MS,
});

/** The fleet on its own pages: the list's fields plus its settings (fleets spec §2 Fleet settings). */
export interface FleetWithSettings extends FleetDetail {
  is_public: boolean;
  is_stored_at__repository_url: string | null;
  /** Legacy types may be public without a repository URL (fleets spec §5 "Fleet changes"). */
  application_type: Array<{ is_legacy: boolean }>;
}

/** One fleet, or null when it does not exist or is not visible to the user. */
export function fleetQuery(id: number) {
  return queryOptions({
    queryKey: fleetKeys.detail(id),
    queryFn: async (): Promise<FleetWithSettings | null> => {
      const fleet = await pine.get({
        resource: 'application',
        id,
        options: {
          $select: [...FLEET_SELECT, 'should_track_latest_release', 'is_public', 'is_stored_at__repository_url'],
          $expand: { ...FLEET_EXPAND, application_type: { $select: ['is_legacy'] } },
        },
      });
      return (fleet as FleetWithSettings | undefined) ?? null;
    },
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
        OVERALL_STATUSES.map((status) =>
          pine.get({
            resource: 'device',
            options: { $count: { $filter: { belongs_to__application: id, overall_status: status } } },
          }),
        ),
      );
      return Object.fromEntries(OVERALL_STATUSES.map((status, i) => [status, Number(counts[i] ?? 0)])) as DeviceCountsByStatus;
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}
