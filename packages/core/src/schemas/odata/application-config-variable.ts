import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'application_config_variable';

/** `application_config_variable` (name, value) of one fleet (fleets spec §3 Variables), as the API serves it. */
export const row = z.object({
  id,
  created_at: timestamp,
  application: deferredLink,
  name: z.string(),
  value: z.string(),
});
