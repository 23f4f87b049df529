import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'device_config_variable';

/** `device_config_variable` (name, value) of one device (fleets spec §3 Variables), as the API serves it. */
export const row = z.object({
  id,
  created_at: timestamp,
  device: deferredLink,
  name: z.string(),
  value: z.string(),
});
