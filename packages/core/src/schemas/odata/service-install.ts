import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'service_install';

/** `service_install`: one fleet service on one device (kept by the database); device-service variables hang from it. */
export const row = z.object({
  id,
  created_at: timestamp,
  device: deferredLink,
  installs__service: deferredLink,
});
