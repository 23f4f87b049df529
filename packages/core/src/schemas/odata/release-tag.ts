import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'release_tag';

/** `release_tag` (tag_key, value) of one release; host OS releases carry `version` and `meta-balena-base` (compat §6.4). */
export const row = z.object({
  id,
  created_at: timestamp,
  release: deferredLink,
  tag_key: z.string(),
  value: z.string(),
});
