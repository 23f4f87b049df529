import { randomBytes } from 'node:crypto';
import type { ResourceHooks } from '../model/types.ts';
import { registryHost } from './registry-host.ts';

/**
 * An image's registry repository is the server's choice (compat §6.1): `balena deploy` reads
 * `is_stored_at__image_location` from the POST answer and pushes there. A random 32-hex name per
 * image keeps repositories unguessable and unrelated to fleet names; the token service
 * (token.service.ts) finds the image, and so its fleet, by this location.
 */
export const imageHooks: ResourceHooks = {
  beforeCreate(values, ctx) {
    return { ...values, is_stored_at__image_location: `${registryHost(ctx.config)}/v2/${randomBytes(16).toString('hex')}` };
  },
};
