import { apiRequest } from '../../../lib/http.ts';

/** The device's log stream without its history count (compat §4 `GET /device/v2/<uuid>/logs?stream=1&count=N`). */
export const deviceLogStreamUrl = (uuid: string) => `/device/v2/${encodeURIComponent(uuid)}/logs?stream=1`;

/** Deletes the device's stored logs (needs resin.device_log.delete, fleets spec §6). */
export async function clearDeviceLogs(uuid: string): Promise<void> {
  await apiRequest(`/device/v2/${encodeURIComponent(uuid)}/logs`, { method: 'DELETE' });
}

/**
 * A fleet's live tail (Flotilla's own: `GET /device/v2/fleet/<id>/logs?stream=1`), narrowed on
 * the server to one device and/or one service when given.
 */
export function fleetLogStreamUrl(fleetId: number, filter: { device: string | null; service: number | null }): string {
  const query = new URLSearchParams({ stream: '1' });
  if (filter.device !== null) query.set('device', filter.device);
  if (filter.service !== null) query.set('service', String(filter.service));
  return `/device/v2/fleet/${fleetId}/logs?${query.toString()}`;
}
