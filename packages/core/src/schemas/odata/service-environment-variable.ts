import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'service_environment_variable';

/** `service_environment_variable` (name, value) of one fleet service (fleets spec §3 Variables). */
export const row = z.object({
  id,
  created_at: timestamp,
  service: deferredLink,
  name: z.string(),
  value: z.string(),
});
