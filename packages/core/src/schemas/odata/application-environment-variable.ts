import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'application_environment_variable';

/** `application_environment_variable` (name, value) of one fleet, for all its services (fleets spec §3 Variables). */
export const row = z.object({
  id,
  created_at: timestamp,
  application: deferredLink,
  name: z.string(),
  value: z.string(),
});
