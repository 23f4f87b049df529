import { z } from 'zod';
import { idLike } from './primitives.ts';

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/**
 * `POST /download-config` (also GET with the same fields as query parameters; compat §4): what
 * balena-sdk `os.getConfig`, `balena config generate` and the dashboard's Add device dialog send.
 * Unknown fields (device-type options) are accepted and ignored.
 */
export const downloadConfigBody = z.object({
  appId: idLike,
  /** The OS version the image is for (the SDK requires it; it does not change the config). */
  version: z.string().max(100).optional(),
  deviceType: z.string().min(1).max(100).optional(),
  network: z.enum(['ethernet', 'wifi']).default('ethernet'),
  wifiSsid: z.string().max(32).optional(),
  wifiKey: z.string().max(63).optional(),
  /** Minutes (the config stores milliseconds). */
  appUpdatePollInterval: z.coerce.number().int().min(1).max(1440).optional(),
  developmentMode: flag.optional(),
  hostname: z.string().regex(/^[A-Za-z0-9-]{1,63}$/, 'Invalid hostname').optional(),
  provisioningKeyName: z.string().max(100).optional(),
  provisioningKeyDescription: z.string().max(500).optional(),
  provisioningKeyExpiryDate: z.string().max(40).optional(),
});
export type DownloadConfigBody = z.output<typeof downloadConfigBody>;
