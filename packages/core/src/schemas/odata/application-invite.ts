import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'application_invite';

/**
 * `application_invite` (balena's `invitee__is_invited_to__application`): a pending fleet invite
 * (fleets spec §3 "Application invite"), as the API serves it to the fleet's readers; the token
 * hash is never served. An expanding query `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  invitee: deferredLink,
  is_invited_to__application: deferredLink,
  application_membership_role: deferredLink,
  is_created_by__user: deferredLink,
  message: z.string().nullable(),
  expires_at: timestamp,
});
