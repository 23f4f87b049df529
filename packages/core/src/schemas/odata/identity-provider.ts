import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const resource = 'identity_provider';

/**
 * A SAML identity provider as the API serves it (accounts spec §3 identity_provider;
 * apps/api/src/model/resources/identity.ts): members of an organization it authorizes read it,
 * administrators of one change or remove it. A query that expands `identity_provider_membership`
 * `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  sso_identifier: z.string(),
  entry_point: z.string(),
  issuer: z.string(),
  certificate: z.string(),
});
