import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'application_tag';

/** `application_tag` (tag_key, value) of one fleet (fleets spec §3 Application), as the API serves it. */
export const row = z.object({
  id,
  created_at: timestamp,
  application: deferredLink,
  tag_key: z.string(),
  value: z.string(),
});
