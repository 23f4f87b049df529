import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginAsBody } from '@flotilla/core/schemas/auth';
import { requireUser } from '../auth/guards.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { unauthorized } from '../lib/errors.ts';
import { loginAsUser } from './login-as.service.ts';

/** Platform staff actions (accounts spec §6). */
export async function staffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Same path as sign-in (`POST /login_`), different method: balena's login-as-user call.
  app.patch('/login_', { schema: { body: loginAsBody } }, async (request, reply) => {
    const admin = requireUser(request, { via: 'jwt' });
    if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
    const { username } = request.body;
    const result = await loginAsUser(app.db, app.config, admin, request.authSession, username);
    // No audit table exists (migrations 0001–0065): the structured log is the audit trail.
    request.log.info({ event: 'login_as_user', actualUser: result.actualUser, targetUser: result.targetUserId }, 'platform admin logged in as another user');
    return reply.type('text/plain; charset=utf-8').send(result.token);
  });
}
