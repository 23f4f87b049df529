import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const resource = 'application_type';

/** `application_type` as the API serves it (apps/api/src/model/resources/applications.ts). */
export const row = z.object({
  id,
  created_at: timestamp,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  supports_multicontainer: z.boolean(),
  supports_web_url: z.boolean(),
  supports_gateway_mode: z.boolean(),
  requires_payment: z.boolean(),
  is_legacy: z.boolean(),
  needs__os_version_range: z.string().nullable(),
  maximum_device_count: z.number().int().nullable(),
});
