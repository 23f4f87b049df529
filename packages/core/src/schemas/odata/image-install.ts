import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'image_install';

/**
 * `image_install` (compat §6.1, = `device__installs__image`): one image on one device, written
 * by the device's state report (compat §5.4). A row whose status is `deleted` is an image the
 * device no longer has; the others are its current services (fleets spec §3 current_services).
 */
export const row = z.object({
  id,
  created_at: timestamp,
  device: deferredLink,
  installs__image: deferredLink,
  is_provided_by__release: deferredLink,
  install_date: timestamp,
  status: z.string(),
  download_progress: z.number().int().nullable(),
});
