import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const resource = 'api_key';

/** `api_key` as the API serves it to its owner (accounts spec §3). The key itself is never served. */
export const row = z.object({
  id,
  created_at: timestamp,
  name: z.string().nullable(),
  description: z.string().nullable(),
  expiry_date: timestamp.nullable(),
});
