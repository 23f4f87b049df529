import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'team_membership';

/**
 * `team_membership` as the API serves it (apps/api/src/model/resources/organizations.ts).
 * Foreign keys that a query does not `$expand` arrive as `{"__id": n}`; a query that expands
 * one (`user`, `is_member_of__team`) `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  user: deferredLink,
  is_member_of__team: deferredLink,
});
