import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'device_tag';

/** `device_tag` (tag_key, value) of one device (fleets spec §3 Device relations), as the API serves it. */
export const row = z.object({
  id,
  created_at: timestamp,
  device: deferredLink,
  tag_key: z.string(),
  value: z.string(),
});
