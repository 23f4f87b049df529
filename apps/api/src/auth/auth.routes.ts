import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requirePrincipal, requireUser } from './guards.ts';
import { parseBody } from './parse-body.ts';
import { AUTH_MESSAGES } from './credentials.ts';
import { unauthorized } from '../lib/errors.ts';
import { login, logoutOtherSessions, refreshSession, refreshWithPassword, registerUser, whoami } from './auth.service.ts';

const registerBody = z.object({
  email: z.string(),
  password: z.string(),
  has_disabled_newsletter: z.boolean().optional(),
  'g-recaptcha-response': z.string().optional(),
  // Sign-up from an invitation link (accounts §7); a bad pair is ignored, not an error.
  invitationType: z.enum(['organization', 'application']).optional().catch(undefined),
  invitationToken: z.string().optional().catch(undefined),
});
const loginBody = z.object({
  username: z.string().min(1, 'Email and password are required'),
  password: z.string().min(1, 'Email and password are required'),
});
const passwordBody = z.object({ password: z.string().min(1, 'Password is required') });

/** Session tokens go out as the whole body, text/plain (compat §3.1, what open-balena does). */
function sendToken(reply: FastifyReply, token: string, status = 200): FastifyReply {
  return reply.status(status).type('text/plain; charset=utf-8').send(token);
}

/** Sign-up, sign-in, refresh and who-am-i (compat §3, accounts spec §4). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post('/user/register', { config: { public: true } }, async (request, reply) => {
    const body = parseBody(registerBody, request.body);
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

  app.post('/login_', { config: { public: true } }, async (request, reply) => {
    const body = parseBody(loginBody, request.body);
    const token = await login(app.db, app.config, { username: body.username, password: body.password, ip: request.ip });
    return sendToken(reply, token);
  });

  // The CLI calls whoami right after sign-in, before the second factor (compat §3.6).
  app.get('/actor/v1/whoami', { config: { allowPendingTwoFactor: true } }, async (request) => {
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

  app.post('/user/v1/refresh-token', async (request, reply) => {
    const user = requireUser(request, { via: 'jwt' });
    const { password } = parseBody(passwordBody, request.body);
    return sendToken(reply, await refreshWithPassword(app.db, app.config, user, password, request.ip));
  });

  app.post('/user/v1/logout-others', async (request, reply) => {
    const user = requireUser(request, { via: 'jwt' });
    if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
    return sendToken(reply, await logoutOtherSessions(app.db, app.config, user, request.authSession));
  });
}
