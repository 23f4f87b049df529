import type { DeviceDetail } from '../features/devices/api/devices.queries.ts';
import { TEST_FLEET_ID, TEST_ORGANIZATION_ID } from './fleet-role.ts';

/**
 * A device as deviceQuery answers it: 42 "greenhouse-1" (uuid abc123), an online, active
 * production Raspberry Pi 4 on balenaOS 5.3.0 / supervisor 16.1.0 in fleet 7 of organization 3,
 * tracking the fleet, with `overrides`.
 */
export const deviceFixture = (overrides: Partial<DeviceDetail> = {}): DeviceDetail => ({
  id: 42, uuid: 'abc123', device_name: 'greenhouse-1', overall_status: 'operational', overall_progress: null, api_heartbeat_state: 'online', is_online: true,
  last_connectivity_event: '2026-11-25T10:00:00.000Z', os_version: 'balenaOS 5.3.0', os_variant: 'prod', supervisor_version: '16.1.0',
  ip_address: null, public_address: null, mac_address: null, is_connected_to_vpn: true, is_active: true,
  is_of__device_type: [{ slug: 'raspberrypi4-64', name: 'Raspberry Pi 4', contract: { data: { led: true } } }],
  is_running__release: [], created_at: '2026-11-01T00:00:00.000Z', update_status: null, is_frozen: false, cpu_usage: null, cpu_temp: null,
  note: null, last_update_status_event: null, is_web_accessible: false, is_accessible_by_support_until__date: null,
  latitude: null, longitude: null, custom_latitude: null, custom_longitude: null,
  memory_usage: null, memory_total: null, storage_usage: null, storage_total: null,
  belongs_to__application: [{ id: TEST_FLEET_ID, app_name: 'greenhouse', slug: 'org/greenhouse', organization: { __id: TEST_ORGANIZATION_ID } }],
  should_be_running__release: [], device_config_variable: [],
  ...overrides,
});
