import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordProofBody, recoveryCodesResponse, twoFactorCodeBody } from '@flotilla/core/schemas/auth';
import { requireUser } from '../auth/guards.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { unauthorized } from '../lib/errors.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { createRecoveryCodes, disableTwoFactor, getSetupKey, verifyRecoveryCode, verifyTotp } from './two-factor.service.ts';

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
export async function twoFactorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Codes are checked while the second factor is still pending.
  const codeRoute = { config: { allowPendingTwoFactor: true }, schema: { body: twoFactorCodeBody } };

  app.get('/auth/totp/setup', async (request, reply) => {
    const session = sessionOf(request);
    return sendText(reply, await getSetupKey(app.db, requireUser(request), session));
  });

  app.post('/auth/totp/verify', codeRoute, async (request, reply) => {
    const session = sessionOf(request);
    const { code } = request.body;
    return sendText(reply, await verifyTotp(app.db, app.config, requireUser(request), session, code));
  });

  app.post('/auth/totp/disable', { schema: { body: passwordProofBody } }, async (request, reply) => {
    const session = sessionOf(request);
    const { password } = request.body;
    return sendText(reply, await disableTwoFactor(app.db, app.config, requireUser(request), session, password, request.ip));
  });

  app.post('/auth/v1/2fa-recover/create', { schema: { response: { 200: recoveryCodesResponse } } }, async (request) => {
    const session = sessionOf(request);
    return createRecoveryCodes(app.db, requireUser(request), session);
  });

  app.post('/auth/v1/2fa-recover/verify', codeRoute, async (request, reply) => {
    const session = sessionOf(request);
    const { code } = request.body;
    return sendText(reply, await verifyRecoveryCode(app.db, app.config, requireUser(request), session, code));
  });
}
