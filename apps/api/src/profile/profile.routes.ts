import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileBody, profileResponse } from '@flotilla/core/schemas/profile';
import { requireUser } from '../auth/guards.ts';
import { getOwnProfile, saveOwnProfile } from './profile.service.ts';

/** `GET|PATCH /user/profile` (accounts spec §7): the caller's own profile, user sessions only. */
export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/user/profile', { schema: { response: { 200: profileResponse } } }, async (request) => {
    const user = requireUser(request);
    return getOwnProfile(app.db, user.userId);
  });

  app.patch('/user/profile', { schema: { body: profileBody, response: { 200: profileResponse } } }, async (request) => {
    const user = requireUser(request);
    return saveOwnProfile(app.db, user.userId, request.body);
  });
}
