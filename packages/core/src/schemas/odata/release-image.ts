import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'release_image';

/** `release_image`: an image's place in a release (fleets spec §3 release_image). */
export const row = z.object({
  id,
  created_at: timestamp,
  image: deferredLink,
  is_part_of__release: deferredLink,
});
