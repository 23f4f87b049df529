import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'oauth_application';

/**
 * An OAuth application as the API serves it (accounts spec §3; apps/api/src/model/resources/identity.ts):
 * any signed-in user reads one (the consent page shows it), only its creator changes or deletes it.
 * The client secret is stored hashed and never served.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  client_id: z.string(),
  redirect_uri: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  is_created_by__user: deferredLink,
});
