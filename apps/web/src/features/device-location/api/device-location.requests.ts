import { pine } from '../../../lib/pine.ts';

/** Sets (both numbers as text) or unsets (both empty) the device's custom location, as the SDK's setCustomLocation does. */
export async function saveCustomLocation(deviceId: number, patch: { custom_latitude: string; custom_longitude: string }): Promise<void> {
  await pine.patch({ resource: 'device', id: deviceId, body: patch });
}
