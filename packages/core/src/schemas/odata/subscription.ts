import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'subscription';

/** `subscription` (an organization's plan) as the API serves it (apps/api/src/model/resources/billing.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  is_for__organization: deferredLink,
  is_for__plan: deferredLink,
  billing_cycle: z.string(),
  starts_on__date: timestamp,
  ends_on__date: timestamp.nullable(),
  discount_percentage: z.number().int(),
  is_active: z.boolean(),
  origin: z.string().nullable(),
});
