import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import { parseBody } from '../auth/parse-body.ts';
import { getOwnProfile, saveOwnProfile } from './profile.service.ts';

const requiredName = (label: string) => z.string().trim().min(1, `${label} is required`).max(255);

/** Accounts spec §5 Profile: first_name, last_name, account_type required when sent; company optional. */
const profileBody = z
  .object({
    first_name: requiredName('First name').optional(),
    last_name: requiredName('Last name').optional(),
    company: z.string().max(255).nullable().optional(),
    account_type: z.enum(['personal', 'professional'], { message: 'Account type must be personal or professional' }).optional(),
    has_disabled_newsletter: z.boolean().optional(),
  })
  .strict();

/** `GET|PATCH /user/profile` (accounts spec §7): the caller's own profile, user sessions only. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.get('/user/profile', async (request) => {
    const user = requireUser(request);
    return getOwnProfile(app.db, user.userId);
  });

  app.patch('/user/profile', async (request) => {
    const user = requireUser(request);
    const changes = parseBody(profileBody, request.body);
    return saveOwnProfile(app.db, user.userId, changes);
  });
}
