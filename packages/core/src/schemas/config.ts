import { z } from 'zod';
import { safeString } from './primitives.ts';

/** GET /device-types/v1/:slug (compat §4). */
export const deviceTypeSlugParams = z.object({ slug: safeString(255) });
