import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'organization_membership';

/**
 * `organization_membership` as the API serves it (apps/api/src/model/resources/organizations.ts).
 * Foreign keys that a query does not `$expand` arrive as `{"__id": n}`; a query that expands
 * one (`user`, `organization_membership_role`) or the tags `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  user: deferredLink,
  is_member_of__organization: deferredLink,
  organization_membership_role: deferredLink,
  /** Computed: the most privileged role the member holds in the organization (never null: the organization role counts). */
  effective_seat_role: z.string(),
});
