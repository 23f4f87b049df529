import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'user_application_membership';

/** `user_application_membership` (a user's own access to one fleet) as the API serves it (apps/api/src/model/resources/applications.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  user: deferredLink,
  is_member_of__application: deferredLink,
  application_membership_role: deferredLink,
});
