import { LOCAL_MODE_VARIABLES } from '@flotilla/core/device-actions';
import * as device from '@flotilla/core/schemas/odata/device';
import { pine } from '../../../lib/pine.ts';

/**
 * The HTTP calls behind the device settings (OData `device` and `device_config_variable`), with
 * the bodies balena-sdk sends (apps/api/compat/device-settings.compat.test.ts).
 */

/** The device fields the settings write: pin, public URL, support access, fleet, activity. */
export type DevicePatch =
  | { is_pinned_on__release: number | null }
  | { is_web_accessible: boolean }
  | { is_accessible_by_support_until__date: string | null }
  | { belongs_to__application: number }
  | { is_active: false };

export async function patchDevice(deviceId: number, body: DevicePatch): Promise<void> {
  await pine.patch({ resource: device.resource, id: deviceId, body });
}

const [LOCAL_MODE_VARIABLE] = LOCAL_MODE_VARIABLES;

/**
 * Local mode on: BALENA_SUPERVISOR_LOCAL_MODE=1. Off: every local mode variable the device has
 * set to 1 becomes 0 (as the SDK's disableLocalMode; a device of an older supervisor may use the
 * RESIN_ name). Each is set by name, created or changed (upsert on the natural key).
 */
export async function setLocalMode(deviceId: number, isOn: boolean, current: ReadonlyArray<{ name: string; value: string }>): Promise<void> {
  const names = isOn ? [LOCAL_MODE_VARIABLE] : current.filter((v) => v.value.trim() === '1').map((v) => v.name);
  for (const name of names) {
    await pine.upsert({ resource: 'device_config_variable', id: { device: deviceId, name }, body: { value: isOn ? '1' : '0' } });
  }
}
