import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'team_application_access';

/**
 * `team_application_access`, a team's grant on an application with a fleet role, as the API
 * serves it (apps/api/src/model/resources/applications.ts). A query that expands a foreign key
 * (`grants_access_to__application`, `application_membership_role`) `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  team: deferredLink,
  grants_access_to__application: deferredLink,
  application_membership_role: deferredLink,
});
