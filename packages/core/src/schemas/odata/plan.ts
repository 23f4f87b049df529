import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const resource = 'plan';

/** `plan` (the public plan catalogue) as the API serves it (apps/api/src/model/resources/billing.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  title: z.string(),
  billing_code: z.string(),
  tier_order: z.number().int(),
  can_self_serve: z.boolean(),
  is_legacy: z.boolean(),
  annual_price: z.number().int(),
  monthly_price: z.number().int(),
  included_devices: z.number().int(),
  supports_credits: z.boolean(),
  is_valid_from__date: timestamp.nullable(),
  is_valid_until__date: timestamp.nullable(),
});
