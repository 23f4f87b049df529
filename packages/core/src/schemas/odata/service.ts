import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'service';

/** `service`: a fleet's service name, which images are builds of. */
export const row = z.object({
  id,
  created_at: timestamp,
  application: deferredLink,
  service_name: z.string(),
});
