import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'image';

/** `image`: one service's build (apps/api/src/model/resources/releases.ts); `image_size` in bytes. */
export const row = z.object({
  id,
  created_at: timestamp,
  is_a_build_of__service: deferredLink,
  start_timestamp: timestamp,
  end_timestamp: timestamp.nullable(),
  push_timestamp: timestamp.nullable(),
  status: z.string(),
  dockerfile: z.string().nullable(),
  image_size: z.number().nullable(),
  is_stored_at__image_location: z.string(),
  content_hash: z.string().nullable(),
  project_type: z.string().nullable(),
  error_message: z.string().nullable(),
  build_log: z.string().nullable(),
  contract: z.unknown(),
});
