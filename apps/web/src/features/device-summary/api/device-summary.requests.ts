import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the summary card's writes (OData `device` and `device_tag`). */

export interface DeviceTagValues {
  tag_key: string;
  value: string;
}

export async function createDeviceTag(deviceId: number, values: DeviceTagValues): Promise<void> {
  await pine.post({ resource: 'device_tag', body: { device: deviceId, ...values } });
}

export async function updateDeviceTag(id: number, values: DeviceTagValues): Promise<void> {
  await pine.patch({ resource: 'device_tag', id, body: { ...values } });
}

export async function deleteDeviceTag(id: number): Promise<void> {
  await pine.delete({ resource: 'device_tag', id });
}

/** One writable field of the device itself: its name or its note. */
export async function patchDevice(deviceId: number, body: { device_name: string } | { note: string }): Promise<void> {
  await pine.patch({ resource: 'device', id: deviceId, body });
}
