import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'device_type';

/** `device_type` as the API serves it (apps/api/src/model/resources/device-types.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  // The device contract (JSON); the dashboard does not read inside it.
  contract: z.unknown(),
  is_private: z.boolean(),
  is_of__cpu_architecture: deferredLink,
  belongs_to__device_family: deferredLink,
});
