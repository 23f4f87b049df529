import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The parts of a device's `config.json` (compat §5.1, from `POST /download-config` or the
 * dashboard's Add device dialog) that the simulator starts from: where the API is, the fleet's
 * provisioning key, the device type, the poll interval, and the name a new device takes
 * (`initialDeviceName`, from `balena config generate --initial-device-name`).
 */
const configJson = z.object({
  apiEndpoint: z.string().url(),
  apiKey: z.string().min(1),
  deviceType: z.string().min(1),
  appUpdatePollInterval: z.number().int().positive().optional(),
  initialDeviceName: z.string().min(1).optional(),
});
export type DeviceConfigJson = z.infer<typeof configJson>;

export function parseConfigJson(text: string): DeviceConfigJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('config.json is not JSON');
  }
  const parsed = configJson.safeParse(value);
  if (!parsed.success) throw new Error(`config.json lacks ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}

export function readConfigJson(path: string): DeviceConfigJson {
  return parseConfigJson(readFileSync(path, 'utf8'));
}
