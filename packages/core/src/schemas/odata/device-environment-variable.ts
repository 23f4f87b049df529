import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'device_environment_variable';

/** `device_environment_variable` (name, value) of one device, for all its services (fleets spec §3 Variables). */
export const row = z.object({
  id,
  created_at: timestamp,
  device: deferredLink,
  name: z.string(),
  value: z.string(),
});
