import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import { parseBody } from '../auth/parse-body.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { unauthorized } from '../lib/errors.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { createRecoveryCodes, disableTwoFactor, getSetupKey, verifyRecoveryCode, verifyTotp } from './two-factor.service.ts';

const codeBody = z.object({ code: z.string().trim().min(1, 'Code is required').max(64) });
const passwordBody = z.object({ password: z.string().min(1, 'Password is required') });

function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').send(text);
}

/** Two-factor routes need a session token (not an API key): they are about the sign-in itself. */
function sessionOf(request: FastifyRequest): VerifiedSession {
  requireUser(request, { via: 'jwt' });
  if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return request.authSession;
}

/** TOTP and recovery codes (compat §3.6 paths and bodies as balena-sdk 23 sends them, accounts §7). */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const pendingOk = { config: { allowPendingTwoFactor: true } };

  app.get('/auth/totp/setup', async (request, reply) => {
    const session = sessionOf(request);
    return sendText(reply, await getSetupKey(app.db, requireUser(request), session));
  });

  app.post('/auth/totp/verify', pendingOk, async (request, reply) => {
    const session = sessionOf(request);
    const { code } = parseBody(codeBody, request.body);
    return sendText(reply, await verifyTotp(app.db, app.config, requireUser(request), session, code));
  });

  app.post('/auth/totp/disable', async (request, reply) => {
    sessionOf(request);
    const { password } = parseBody(passwordBody, request.body);
    return sendText(reply, await disableTwoFactor(app.db, app.config, requireUser(request), password, request.ip));
  });

  app.post('/auth/v1/2fa-recover/create', async (request) => {
    const session = sessionOf(request);
    return createRecoveryCodes(app.db, requireUser(request), session);
  });

  app.post('/auth/v1/2fa-recover/verify', pendingOk, async (request, reply) => {
    const session = sessionOf(request);
    const { code } = parseBody(codeBody, request.body);
    return sendText(reply, await verifyRecoveryCode(app.db, app.config, requireUser(request), session, code));
  });
}
