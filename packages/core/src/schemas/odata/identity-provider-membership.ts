import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'identity_provider_membership';

/**
 * An organization an identity provider authorizes, with the team its new accounts join
 * (accounts spec §3 identity_provider_membership; `grants_access_to__team` may be empty).
 */
export const row = z.object({
  id,
  created_at: timestamp,
  is_authorized_by__identity_provider: deferredLink,
  authorizes__organization: deferredLink,
  grants_access_to__team: deferredLink,
});
