import { z } from 'zod';
import { requiredString, safeString, strictObjectBody } from './primitives.ts';

const NAME_MAX = 255;
const requiredName = (label: string) => requiredString(label, NAME_MAX, { trim: true });

/** PATCH /user/profile (accounts spec §5 Profile): names and account type required when sent; company optional. */
export const profileBody = strictObjectBody({
  first_name: requiredName('First name').optional(),
  last_name: requiredName('Last name').optional(),
  company: safeString(NAME_MAX).nullable().optional(),
  account_type: z.enum(['personal', 'professional'], { message: 'Account type must be personal or professional' }).optional(),
  has_disabled_newsletter: z.boolean().optional(),
});

/** GET|PATCH /user/profile: the caller's own profile and read-only account flags (accounts spec §2, §3, §5, §6). */
export const profileResponse = z.object({
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  account_type: z.enum(['personal', 'professional']).nullable(),
  has_password_set: z.boolean(),
  has_disabled_newsletter: z.boolean(),
  is_platform_admin: z.boolean(),
  is_support_agent: z.boolean(),
  has_password_over_limit: z.boolean(),
});
