import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const resource = 'feature';

/** `feature` (the public catalogue of billable features) as the API serves it (apps/api/src/model/resources/billing.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  slug: z.string(),
  title: z.string(),
  billing_code: z.string().nullable(),
});
