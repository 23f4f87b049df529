import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const resource = 'invitee';

/** `invitee`: the email an organization or fleet invite was sent to. */
export const row = z.object({
  id,
  created_at: timestamp,
  email: z.string(),
});
