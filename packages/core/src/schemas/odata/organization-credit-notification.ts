import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'organization_credit_notification';

/** `organization_credit_notification` (a low-credit alert) as the API serves it (apps/api/src/model/resources/billing.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  organization: deferredLink,
  owns_credit_notification_for__feature: deferredLink,
  is_sent_when_below__threshold: z.number().int(),
});
