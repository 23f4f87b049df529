import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, passwordProofBody, registerBody, whoamiResponse } from '@flotilla/core/schemas/auth';
import { requirePrincipal, requireUser } from './guards.ts';
import { AUTH_MESSAGES } from './credentials.ts';
import { unauthorized } from '../lib/errors.ts';
import { login, logoutOtherSessions, refreshSession, refreshWithPassword, registerUser, whoami } from './auth.service.ts';

/** Session tokens go out as the whole body, text/plain (compat §3.1, what open-balena does). */
function sendToken(reply: FastifyReply, token: string, status = 200): FastifyReply {
  return reply.status(status).type('text/plain; charset=utf-8').send(token);
}

/** Sign-up, sign-in, refresh and who-am-i (compat §3, accounts spec §4). */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/user/register', { config: { public: true }, schema: { body: registerBody } }, async (request, reply) => {
    const body = request.body;
    const token = await registerUser(app.db, app.config, {
      email: body.email,
      password: body.password,
      hasDisabledNewsletter: body.has_disabled_newsletter ?? false,
      captchaResponse: body['g-recaptcha-response'],
      ip: request.ip,
      invitation: body.invitationType && body.invitationToken ? { type: body.invitationType, token: body.invitationToken } : undefined,
    });
    return sendToken(reply, token, 201);
  });

  app.post('/login_', { config: { public: true }, schema: { body: loginBody } }, async (request, reply) => {
    const body = request.body;
    const token = await login(app.db, app.config, { username: body.username, password: body.password, ip: request.ip });
    return sendToken(reply, token);
  });

  // The CLI calls whoami right after sign-in, before the second factor (compat §3.6).
  app.get('/actor/v1/whoami', { config: { allowPendingTwoFactor: true }, schema: { response: { 200: whoamiResponse } } }, async (request) => {
    requirePrincipal(request, ['user', 'application', 'device']);
    return whoami(app.db, request.principal);
  });

  app.get('/user/v1/whoami', async (request) => {
    const user = requireUser(request);
    return { id: user.userId, username: user.username, email: user.email };
  });

  app.get('/user/v1/refresh-token', async (request, reply) => {
    const user = requireUser(request, { via: 'jwt' });
    if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
    return sendToken(reply, await refreshSession(app.db, app.config, user, request.authSession));
  });

  app.post('/user/v1/refresh-token', { schema: { body: passwordProofBody } }, async (request, reply) => {
    const user = requireUser(request, { via: 'jwt' });
    const { password } = request.body;
    return sendToken(reply, await refreshWithPassword(app.db, app.config, user, password, request.ip));
  });

  app.post('/user/v1/logout-others', async (request, reply) => {
    const user = requireUser(request, { via: 'jwt' });
    if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
    return sendToken(reply, await logoutOtherSessions(app.db, app.config, user, request.authSession));
  });
}
