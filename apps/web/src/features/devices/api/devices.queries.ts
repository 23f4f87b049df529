import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LOCAL_MODE_VARIABLES } from '@flotilla/core/device-actions';
import { z } from 'zod';
import * as application from '@flotilla/core/schemas/odata/application';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as device from '@flotilla/core/schemas/odata/device';
import * as deviceConfigVariable from '@flotilla/core/schemas/odata/device-config-variable';
import * as deviceTag from '@flotilla/core/schemas/odata/device-tag';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import * as release from '@flotilla/core/schemas/odata/release';
import { listODataOptions } from '../../../components/data-list/list-odata.ts';
import type { ListParams } from '../../../components/data-list/list-search.ts';
import { odataOne, odataPage } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import { livePollInterval } from '../../../lib/live/live-poll.ts';
import { DEVICE_LIST, DEVICE_TAG_CHIPS } from '../device-list.ts';

/** Query keys of the devices area, everything under `all`. */
export const deviceKeys = {
  all: ['devices'] as const,
  byFleet: (fleetId: number) => [...deviceKeys.all, 'fleet', fleetId] as const,
  /** One page of the fleet's device list: every URL state is its own entry. */
  page: (fleetId: number, params: ListParams) => [...deviceKeys.byFleet(fleetId), 'page', params] as const,
  detail: (uuid: string) => [...deviceKeys.all, 'detail', uuid] as const,
};

const DEVICE_ROW_SELECT = [
  'id', 'uuid', 'device_name', 'overall_status', 'overall_progress', 'api_heartbeat_state', 'is_online', 'last_connectivity_event',
  'os_version', 'os_variant', 'supervisor_version', 'ip_address', 'public_address', 'mac_address',
  // Device action availability (packages/core device-actions.ts): cloudlink and activity.
  'is_connected_to_vpn', 'is_active',
  // The map lens places the page's devices (packages/core device-location.ts).
  'latitude', 'longitude', 'custom_latitude', 'custom_longitude',
];
const DEVICE_ROW_EXPAND = {
  is_of__device_type: { $select: ['slug', 'name'] },
  is_running__release: { $select: ['id', 'commit', 'raw_version'] },
};
/**
 * The list's tags column: a few tags per device, by key, in the same statement (the API
 * compiles an expansion to a sub-select); bounded, so a device with hundreds of tags costs no
 * more. Only the list asks for them: the device pages have their own tags card.
 */
const DEVICE_LIST_EXPAND = {
  ...DEVICE_ROW_EXPAND,
  device_tag: { $select: ['tag_key', 'value'], $orderby: { tag_key: 'asc' as const }, $top: DEVICE_TAG_CHIPS + 1 },
};

/** A release as the device pages name it: version and commit. */
const releaseRef = release.row.pick({ id: true, commit: true, raw_version: true });
export type ReleaseRef = z.output<typeof releaseRef>;

/** A device as the device pages load it: DEVICE_ROW_SELECT plus DEVICE_ROW_EXPAND. */
const deviceBase = device.row
  .pick({
    id: true, uuid: true, device_name: true, overall_status: true, overall_progress: true, api_heartbeat_state: true, is_online: true, last_connectivity_event: true,
    os_version: true, os_variant: true, supervisor_version: true, ip_address: true, public_address: true, mac_address: true,
    is_connected_to_vpn: true, is_active: true,
    latitude: true, longitude: true, custom_latitude: true, custom_longitude: true,
  })
  .extend({
    is_of__device_type: expanded(deviceType.row.pick({ slug: true, name: true })),
    is_running__release: expanded(releaseRef),
  });
/** A device as the fleet's device table shows it: deviceBase plus its first tags (DEVICE_LIST_EXPAND). */
const deviceRow = deviceBase.extend({ device_tag: expanded(deviceTag.row.pick({ tag_key: true, value: true })) });
export type DeviceRow = z.output<typeof deviceRow>;

/**
 * One page of the fleet's devices as the URL describes it (sort, rules, page size), with the
 * total the same filter matches. Paged, sorted and filtered by the server. Only the page on
 * screen polls (an inactive page's query does not), at the default interval; the previous
 * page stays on screen while the next loads.
 */
export function fleetDevicePageQuery(fleetId: number, params: ListParams) {
  return queryOptions({
    queryKey: deviceKeys.page(fleetId, params),
    queryFn: () => {
      const scope = { belongs_to__application: fleetId };
      const { $filter, $orderby, $top, $skip } = listODataOptions(DEVICE_LIST, params, scope);
      return odataPage(
        deviceRow,
        { resource: device.resource, options: { $select: DEVICE_ROW_SELECT, $expand: DEVICE_LIST_EXPAND, $filter, $orderby, $top, $skip } },
        scope,
      );
    },
    placeholderData: keepPreviousData,
    // Pushed while the page's live connection covers it (lib/live/): then only a 5-minute safety poll.
    refetchInterval: livePollInterval(DEFAULT_POLL_MS),
  });
}

/**
 * Local mode is on when one of these device configuration variables equals "1" (fleets spec §4
 * "Device toggles"); devices of older supervisors read the RESIN_ name.
 */

/**
 * The device pages: the table's fields, its metrics, its fleet (with the organization, for
 * permission checks) and its target release; for the actions' availability (packages/core
 * device-actions.ts) the device type's contract (does it blink) and the local mode variables.
 */
const deviceDetail = deviceBase
  .extend(
    device.row.pick({
      created_at: true, update_status: true, is_frozen: true, cpu_usage: true, cpu_temp: true,
      memory_usage: true, memory_total: true, storage_usage: true, storage_total: true,
      // The summary card's editable and toggle fields (fleets spec §2 Device summary).
      note: true, last_update_status_event: true, is_web_accessible: true, is_accessible_by_support_until__date: true,
    }).shape,
  )
  .extend({
    is_of__device_type: expanded(deviceType.row.pick({ slug: true, name: true, contract: true })),
    belongs_to__application: expanded(application.row.pick({ id: true, app_name: true, slug: true, organization: true })),
    should_be_running__release: expanded(releaseRef),
    // Only the local mode variables are expanded.
    device_config_variable: expanded(deviceConfigVariable.row.pick({ name: true, value: true })),
  });
export type DeviceDetail = z.output<typeof deviceDetail>;

/** One device by uuid, or null when it does not exist or is not visible (compat §1.6: `{"d": []}`). */
export function deviceQuery(uuid: string) {
  return queryOptions({
    queryKey: deviceKeys.detail(uuid),
    queryFn: () =>
      odataOne(deviceDetail, {
        resource: device.resource,
        id: { uuid },
        options: {
          $select: [
            ...DEVICE_ROW_SELECT, 'created_at', 'update_status', 'is_frozen', 'cpu_usage', 'cpu_temp',
            'memory_usage', 'memory_total', 'storage_usage', 'storage_total',
            'note', 'last_update_status_event', 'is_web_accessible', 'is_accessible_by_support_until__date',
          ],
          $expand: {
            ...DEVICE_ROW_EXPAND,
            is_of__device_type: { $select: ['slug', 'name', 'contract'] },
            belongs_to__application: { $select: ['id', 'app_name', 'slug', 'organization'] },
            // Computed by the API: the device's pin, else its fleet's target release.
            should_be_running__release: { $select: ['id', 'commit', 'raw_version'] },
            device_config_variable: { $select: ['name', 'value'], $filter: { name: { $in: [...LOCAL_MODE_VARIABLES] } } },
          },
        },
      }),
    // Pushed while the page's live connection covers it (lib/live/): then only a 5-minute safety poll.
    refetchInterval: livePollInterval(DEFAULT_POLL_MS),
  });
}
