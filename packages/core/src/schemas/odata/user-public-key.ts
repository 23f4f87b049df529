import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

/** The name balena-sdk uses; the model's canonical name is `user_public_key` (an alias of it). */
export const resource = 'user__has__public_key';

/**
 * A user's SSH key as the API serves it to its owner (apps/api/src/model/resources/users.ts).
 * The server computes `fingerprint` on create (public-key.hooks.ts); older rows may lack one.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  user: deferredLink,
  title: z.string(),
  public_key: z.string(),
  fingerprint: z.string().nullable(),
});
