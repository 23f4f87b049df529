import { queryOptions } from '@tanstack/react-query';
import { pine } from '../../../lib/pine.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import type { DeviceDetail, DeviceRow } from '../../../lib/model.ts';

export const deviceKeys = {
  all: ['devices'] as const,
  byFleet: (fleetId: number) => ['devices', 'fleet', fleetId] as const,
  detail: (uuid: string) => ['devices', 'detail', uuid] as const,
};

const DEVICE_ROW_SELECT = [
  'id', 'uuid', 'device_name', 'overall_status', 'api_heartbeat_state', 'is_online', 'last_connectivity_event',
  'os_version', 'os_variant', 'supervisor_version', 'ip_address', 'public_address', 'mac_address',
];
const DEVICE_ROW_EXPAND = {
  is_of__device_type: { $select: ['slug', 'name'] },
  is_running__release: { $select: ['id', 'commit', 'raw_version'] },
};

export function fleetDevicesQuery(fleetId: number) {
  return queryOptions({
    queryKey: deviceKeys.byFleet(fleetId),
    queryFn: async (): Promise<DeviceRow[]> => {
      const rows = await pine.get({
        resource: 'device',
        options: {
          $select: DEVICE_ROW_SELECT,
          $filter: { belongs_to__application: fleetId },
          $expand: DEVICE_ROW_EXPAND,
          $orderby: { device_name: 'asc' },
        },
      });
      return rows as DeviceRow[];
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

/** One device by uuid, or null when it does not exist or is not visible (compat §1.6: `{"d": []}`). */
export function deviceQuery(uuid: string) {
  return queryOptions({
    queryKey: deviceKeys.detail(uuid),
    queryFn: async (): Promise<DeviceDetail | null> => {
      const device = await pine.get({
        resource: 'device',
        id: { uuid },
        options: {
          $select: [
            ...DEVICE_ROW_SELECT, 'created_at', 'is_active', 'update_status', 'cpu_usage', 'cpu_temp',
            'memory_usage', 'memory_total', 'storage_usage', 'storage_total',
          ],
          $expand: {
            ...DEVICE_ROW_EXPAND,
            belongs_to__application: { $select: ['id', 'app_name', 'slug'] },
            // Computed by the API: the device's pin, else its fleet's target release.
            should_be_running__release: { $select: ['id', 'commit', 'raw_version'] },
          },
        },
      });
      return (device as DeviceDetail | undefined) ?? null;
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}
