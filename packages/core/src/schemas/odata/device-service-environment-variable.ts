import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'device_service_environment_variable';

/** `device_service_environment_variable` (name, value) of one service on one device, owned by its service install (fleets spec §3 Variables). */
export const row = z.object({
  id,
  created_at: timestamp,
  service_install: deferredLink,
  name: z.string(),
  value: z.string(),
});
