import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'organization_membership_tag';

/** `organization_membership_tag` (tag_key, value) of one membership, as the API serves it. */
export const row = z.object({
  id,
  created_at: timestamp,
  organization_membership: deferredLink,
  tag_key: z.string(),
  value: z.string(),
});
