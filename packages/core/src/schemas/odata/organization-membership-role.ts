import { z } from 'zod';
import { id } from './common.ts';

export const resource = 'organization_membership_role';

/** `organization_membership_role` (reference data: administrator, member). */
export const row = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
});
