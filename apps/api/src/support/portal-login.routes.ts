import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supportPortalLoginQuery } from '@flotilla/core/schemas/support-portal';
import { requireUser } from '../auth/guards.ts';
import { createPortalLogin } from './portal-login.service.ts';

/**
 * GET `/zendesk/v1/login?return_to=…` (accounts spec §7): the token the dashboard's
 * `/zendesk-login` page posts to the support portal. A user only (session or user API key):
 * anonymous callers get 401, device and provisioning keys 403, as on the help desk's routes.
 * `return_to` outside the portal's origin is a 400 (schema); no portal configured is a 404.
 * Never cached: every answer is a new single-use token.
 */
export async function portalLoginRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const querystring = supportPortalLoginQuery(app.config.supportPortal?.url);

  app.get('/zendesk/v1/login', { schema: { querystring } }, async (request, reply) => {
    const user = requireUser(request);
    const caller = { user, loggedInAs: request.authSession?.actualUser !== undefined };
    const login = await createPortalLogin(app.db, app.config.supportPortal, caller, request.query.return_to);
    return reply.header('cache-control', 'no-store').send(login);
  });
}
