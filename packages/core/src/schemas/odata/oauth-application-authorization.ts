import { z } from 'zod';
import { deferredLink, expanded, id, timestamp } from './common.ts';
import { row as application } from './oauth-application.ts';

export const resource = 'oauth_application_authorization';

/** A user's consent to an OAuth application (accounts spec §3), read and revoked by that user only. */
export const row = z.object({
  id,
  created_at: timestamp,
  belongs_to__user: deferredLink,
  oauth_application: z.union([deferredLink, expanded(application.partial())]),
});
