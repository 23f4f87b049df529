import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'credit_bundle';

/** `credit_bundle` (a purchase of prepaid credits) as the API serves it (apps/api/src/model/resources/billing.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  belongs_to__organization: deferredLink,
  is_for__feature: deferredLink,
  is_created_by__user: deferredLink,
  original_quantity: z.number().int(),
  total_balance: z.number().int(),
  total_cost: z.number().int(),
  payment_status: z.string(),
  error_message: z.string().nullable(),
  expires_on__date: timestamp,
});
export type CreditBundleRow = z.output<typeof row>;
