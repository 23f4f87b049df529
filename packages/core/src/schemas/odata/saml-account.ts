import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'saml_account';

/** An account made by single sign-on (accounts spec §3 saml_account): its user and its provider's administrators read it. */
export const row = z.object({
  id,
  created_at: timestamp,
  belongs_to__user: deferredLink,
  was_generated_by__identity_provider: deferredLink,
  remote_id: z.string(),
  display_name: z.string().nullable(),
});
