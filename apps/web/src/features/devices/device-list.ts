import { HEARTBEAT_STATES, OVERALL_STATUSES } from '@flotilla/core/device-status';
import { listParams, listSearchValidator, type ListConfig, type ListParams, type ListSearch } from '../../components/data-list/list-search.ts';

/**
 * The fleet's device list (/fleets/$fleetId/devices): the fields it sorts and filters on the
 * server, by column id, and its page sizes. The URL holds the state, e.g. devices running a
 * release version: `?filters=[{"field":"release","op":"is","value":"1.2.0"}]`.
 */
export const DEVICE_LIST: ListConfig = {
  tableId: 'fleet-devices',
  fields: {
    name: { kind: 'text', path: 'device_name' },
    status: { kind: 'enum', path: 'overall_status', options: OVERALL_STATUSES },
    // The device link (fleets spec §4 Cloudlink): true is "connected".
    cloudlink: { kind: 'boolean', path: 'is_connected_to_vpn' },
    heartbeat: { kind: 'enum', path: 'api_heartbeat_state', options: HEARTBEAT_STATES },
    uuid: { kind: 'text', path: 'uuid' },
    deviceType: { kind: 'text', path: ['is_of__device_type', 'name'] },
    os: { kind: 'text', path: 'os_version' },
    osVariant: { kind: 'enum', path: 'os_variant', options: ['prod', 'dev'] },
    supervisor: { kind: 'text', path: 'supervisor_version' },
    release: { kind: 'text', path: ['is_running__release', 'raw_version'] },
    ip: { kind: 'text', path: 'ip_address' },
    publicIp: { kind: 'text', path: 'public_address' },
    mac: { kind: 'text', path: 'mac_address' },
    lastSeen: { kind: 'date', path: 'last_connectivity_event' },
    // Filtered by any tag's key and value (`device_tag/any(…)`), never sorted.
    tags: { kind: 'tag', path: 'device_tag' },
  },
  pageSizes: [50, 100, 500, 1000, 10_000],
  defaultPageSize: 50,
  defaultSort: { field: 'name', direction: 'asc' },
};

/**
 * Tag chips a row shows; the page asks for one more, to tell "and more" without counting every
 * device's tags (fleets spec §9: chip text at most 100 px wide).
 */
export const DEVICE_TAG_CHIPS = 3;

/** The devices route's `validateSearch`. */
export const validateDeviceListSearch = listSearchValidator(DEVICE_LIST);

/** The list's state for a validated search (defaults applied): the route's loader prefetches this page. */
export const deviceListParams = (search: ListSearch): ListParams => listParams(search, DEVICE_LIST);
