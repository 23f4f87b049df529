import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const resource = 'cpu_architecture';

/** `cpu_architecture` as the API serves it (apps/api/src/model/resources/device-types.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  slug: z.string(),
});
