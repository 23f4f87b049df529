import { z } from 'zod';
import { HEARTBEAT_STATES } from '../../device-status.ts';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'device';

/**
 * `device` as the API serves it (apps/api/src/model/resources/devices.ts). What the device
 * reports about itself is null until it first does; `overall_status`, `overall_progress` and
 * `should_be_running__release` are computed by the API. Hidden columns (api_port, api_secret,
 * vpn_address) are never served.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  modified_at: timestamp,
  actor: deferredLink,
  uuid: z.string(),
  device_name: z.string(),
  note: z.string().nullable(),
  local_id: z.string().nullable(),
  status: z.string().nullable(),
  belongs_to__application: deferredLink,
  belongs_to__user: deferredLink,
  is_of__device_type: deferredLink,
  is_running__release: deferredLink,
  is_pinned_on__release: deferredLink,
  should_be_running__release: deferredLink,
  should_be_operated_by__release: deferredLink,
  should_be_managed_by__release: deferredLink,
  is_managed_by__service_instance: deferredLink,
  is_online: z.boolean(),
  is_active: z.boolean(),
  is_frozen: z.boolean(),
  is_web_accessible: z.boolean(),
  is_in_local_mode: z.boolean(),
  is_connected_to_vpn: z.boolean(),
  last_vpn_event: timestamp.nullable(),
  last_connectivity_event: timestamp.nullable(),
  // The database allows only these (CHECK constraint in migration 0006).
  api_heartbeat_state: z.enum(HEARTBEAT_STATES),
  changed_api_heartbeat_state_on__date: timestamp.nullable(),
  is_locked_until__date: timestamp.nullable(),
  public_address: z.string().nullable(),
  ip_address: z.string().nullable(),
  mac_address: z.string().nullable(),
  os_version: z.string().nullable(),
  os_line: z.string().nullable(),
  os_variant: z.string().nullable(),
  supervisor_version: z.string().nullable(),
  download_progress: z.number().int().nullable(),
  provisioning_progress: z.number().int().nullable(),
  provisioning_state: z.string().nullable(),
  overall_status: z.string(),
  overall_progress: z.number().int().nullable(),
  update_status: z.string().nullable(),
  last_update_status_event: timestamp.nullable(),
  memory_usage: z.number().int().nullable(),
  memory_total: z.number().int().nullable(),
  storage_block_device: z.string().nullable(),
  storage_usage: z.number().int().nullable(),
  storage_total: z.number().int().nullable(),
  cpu_usage: z.number().int().nullable(),
  cpu_temp: z.number().int().nullable(),
  cpu_id: z.string().nullable(),
  is_undervolted: z.boolean(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  custom_latitude: z.string().nullable(),
  custom_longitude: z.string().nullable(),
  location: z.string().nullable(),
  is_accessible_by_support_until__date: timestamp.nullable(),
});
