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
