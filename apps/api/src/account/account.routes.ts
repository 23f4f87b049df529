import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountStatusResponse,
  changeEmailBody,
  changePasswordBody,
  passwordResetBody,
  passwordResetRequestBody,
  verifyEmailBody,
} from '@flotilla/core/schemas/account';
import { requireUser } from '../auth/guards.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { verifySessionToken } from '../auth/tokens.ts';
import { unauthorized } from '../lib/errors.ts';
import { getAccountStatus, onUserRegistered, resendVerificationEmail, verifyEmail } from './email-verification.service.ts';
import { changePassword, requestPasswordReset, resetPassword } from './password.service.ts';
import { changeEmail } from './email-change.service.ts';

function sendToken(reply: FastifyReply, token: string): FastifyReply {
  return reply.status(200).type('text/plain; charset=utf-8').send(token);
}

/**
 * Account security over email (accounts spec §4, §7; compat §3.7): verification, forgotten
 * password, change password, change email. Wrapped with fastify-plugin because of the sign-up
 * hook below, which must see the `/user/register` route of the auth module.
 */
export const accountRoutes = fp(
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // Sign-up sends the verification email when verification is required. A hook (not a call in
    // auth.service.ts) keeps sign-up free of email concerns; it runs before the reply goes out,
    // so the new user is flagged before the dashboard asks for its verification state.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'POST' || request.routeOptions.url !== '/user/register' || reply.statusCode !== 201) return payload;
      if (typeof payload !== 'string') return payload;
      // The account exists already: a mail failure must not turn sign-up into an error (the
      // user can resend from the pending page), so it is logged, not thrown.
      try {
        const session = await verifySessionToken(payload, app.config.jwtSecret);
        await onUserRegistered(app.db, app.config, session.id);
      } catch (err) {
        request.log.error({ err }, 'sign-up verification email failed');
      }
      return payload;
    });

    app.post('/user/v1/verify-email', { config: { public: true }, schema: { body: verifyEmailBody } }, async (request, reply) => {
      const body = request.body;
      await verifyEmail(app.db, { verificationToken: body.verificationToken, email: body.email, ip: request.ip });
      return reply.status(200).type('text/plain; charset=utf-8').send('OK');
    });

    app.post('/user/v1/resend-verification-email', async (request, reply) => {
      const user = requireUser(request);
      await resendVerificationEmail(app.db, app.config, user.userId);
      return reply.status(200).type('text/plain; charset=utf-8').send('OK');
    });

    /** What the dashboard's route guard and details tab need: verification state, password set. */
    app.get('/user/v1/account-status', { schema: { response: { 200: accountStatusResponse } } }, async (request) => {
      const user = requireUser(request);
      return getAccountStatus(app.db, user.userId);
    });

    app.post('/user/v1/password-reset/request', { config: { public: true }, schema: { body: passwordResetRequestBody } }, async (request, reply) => {
      const body = request.body;
      await requestPasswordReset(app.db, app.config, { email: body.email, captchaResponse: body['g-recaptcha-response'], ip: request.ip });
      return reply.status(200).type('text/plain; charset=utf-8').send('OK');
    });

    app.post('/user/v1/password-reset', { config: { public: true }, schema: { body: passwordResetBody } }, async (request, reply) => {
      const body = request.body;
      await resetPassword(app.db, app.config, { resetCode: body.resetCode, password: body.password, twoFactorCode: body.twoFactorCode, ip: request.ip });
      return reply.status(200).type('text/plain; charset=utf-8').send('OK');
    });

    app.patch('/user/password', { schema: { body: changePasswordBody } }, async (request, reply) => {
      const user = requireUser(request, { via: 'jwt' });
      if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
      return sendToken(reply, await changePassword(app.db, app.config, user, request.authSession, { ...request.body, ip: request.ip }));
    });

    app.patch('/user/email', { schema: { body: changeEmailBody } }, async (request, reply) => {
      const user = requireUser(request, { via: 'jwt' });
      if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
      const token = await changeEmail(app.db, app.config, user, request.authSession, { ...request.body, ip: request.ip });
      // Accounts §4: an empty body means the change waits for the new address to be confirmed.
      return token === null ? reply.status(204).send() : sendToken(reply, token);
    });
  },
  { name: 'flotilla-account' },
);
