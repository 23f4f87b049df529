import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'team';

/**
 * `team` as the API serves it (apps/api/src/model/resources/organizations.ts). A query that
 * expands `team_membership` or `team_application_access` (or counts them) `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  name: z.string(),
  description: z.string().nullable(),
  belongs_to__organization: deferredLink,
});
