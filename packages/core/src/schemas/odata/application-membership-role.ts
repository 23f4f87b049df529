import { z } from 'zod';
import { id } from './common.ts';

export const resource = 'application_membership_role';

/** `application_membership_role` (reference data: the fleet roles, fleets spec §6). */
export const row = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
});
