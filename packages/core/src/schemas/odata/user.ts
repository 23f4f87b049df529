import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'user';

/**
 * `user` as the API serves it to someone who may see the user (apps/api/src/model/resources/users.ts).
 * Email, names and the other profile fields are hidden here (v7 serves them on user_profile).
 */
export const row = z.object({
  id,
  created_at: timestamp,
  username: z.string(),
  actor: deferredLink,
  has_legacy_link_to__organization: deferredLink,
  has_been_sent_verification_email: z.boolean(),
});
