import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'organization_invite';

/**
 * `organization_invite` as the API serves it to the organization's administrators
 * (apps/api/src/model/resources/organizations.ts; the token hash is never served). Foreign keys
 * that a query does not `$expand` arrive as `{"__id": n}`; an expanding query `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  invitee: deferredLink,
  is_invited_to__organization: deferredLink,
  organization_membership_role: deferredLink,
  is_created_by__user: deferredLink,
  message: z.string().nullable(),
  expires_at: timestamp,
});
