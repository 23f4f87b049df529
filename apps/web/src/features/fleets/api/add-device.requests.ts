import { z } from 'zod';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import type { DownloadConfigRequest } from '../add-device.ts';

/**
 * The part of config.json the dialog relies on (compat §5.1; what apps/device/src/config-json.ts
 * reads), checked; every other field is kept and saved as the server wrote it.
 */
const deviceConfigAnswer = z.looseObject({
  apiKey: z.string().min(1),
  apiEndpoint: z.string().min(1),
  deviceType: z.string().min(1),
});
export type DeviceConfig = z.output<typeof deviceConfigAnswer>;

/**
 * `POST /download-config`: the config.json of a new device of the fleet, carrying a provisioning
 * key the server mints for it (403 without the right to make keys).
 */
export async function requestDeviceConfig(body: DownloadConfigRequest): Promise<DeviceConfig> {
  return parseResponse(deviceConfigAnswer, '/download-config', await apiRequest('/download-config', { method: 'POST', body }));
}
