import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSocialProvider, socialCallbackPath, type SocialProvider } from '@flotilla/core/social-sign-in';
import { safeString } from '@flotilla/core/schemas/primitives';
import { claimAttempt, type Limit } from '../auth/attempt-limits.ts';
import { addressKey } from '../auth/client-address.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { isHttpsDeployment } from '../plugins/security-headers.ts';
import { socialProviderClients, type SocialProviderClient } from './social-providers.ts';
import { signInWithProfile } from './social-sign-in.service.ts';
import { clearedStateCookie, newSocialChecks, readStateCookie, stateCookie } from './social-state.ts';

const providerParams = z.object({ provider: safeString(32) });
/** The provider's answer: a code and our state, or an error (RFC 6749 §4.1.2). Bounded like any query. */
const callbackQuery = z.object({
  code: safeString(2048).optional(),
  state: safeString(512).optional(),
  error: safeString(255).optional(),
  error_description: safeString(1024).optional(),
  iss: safeString(2048).optional(),
  scope: safeString(2048).optional(),
});

/** Callbacks per client address: each one costs requests to the provider, so a loop of them is cut off. */
const callbackLimit = (ip: string): Limit[] => [{ bucket: `social:${addressKey(ip)}`, max: 30, windowMs: 15 * 60 * 1000 }];
export const EXPIRED_SIGN_IN = 'This sign-in has expired or was started in another browser. Start it again.';

/** A browser opening the page (the provider's redirect), as opposed to the page's own fetch. */
function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Social sign-in (accounts spec §2, §7; DESIGN "Identity"), for the providers configured
 * (social-providers.ts):
 * - `GET /auth/:provider` starts: it sets the state cookie (social-state.ts) and sends the
 *   browser to the provider;
 * - the provider sends the browser back to `/auth/:provider/callback`, which is the
 *   dashboard's page: a navigation there gets the dashboard;
 * - that page fetches the same URL, and the API checks the cookie and the state, has the
 *   provider exchange the code, and answers the session token as text (like `/login_`).
 * An unconfigured provider is 404 everywhere.
 */
export async function socialSignInRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const clients = socialProviderClients(app.config.socialSignIn);
  const secure = isHttpsDeployment(app.config);
  const webDist = app.config.webDist;

  const clientOf = (provider: string): { provider: SocialProvider; client: SocialProviderClient } => {
    const client = isSocialProvider(provider) ? clients[provider] : undefined;
    if (!client || !isSocialProvider(provider)) throw notFound('Unknown sign-in provider');
    return { provider, client };
  };
  const callbackUrlOf = (request: FastifyRequest, provider: SocialProvider): string => {
    const origin = app.config.publicUrl ? new URL(app.config.publicUrl).origin : `${request.protocol}://${request.host}`;
    return `${origin}${socialCallbackPath(provider)}`;
  };

  app.get('/auth/:provider', { config: { public: true }, schema: { params: providerParams } }, async (request, reply) => {
    const { provider, client } = clientOf(request.params.provider);
    const checks = newSocialChecks();
    const url = await client.authorizationUrl(callbackUrlOf(request, provider), checks);
    reply.header('set-cookie', stateCookie(provider, checks, app.config.jwtSecret, secure));
    reply.header('cache-control', 'no-store');
    return reply.redirect(url.href, 302);
  });

  app.get('/auth/:provider/callback', { config: { public: true }, schema: { params: providerParams, querystring: callbackQuery } }, async (request, reply) => {
    if (isNavigation(request) && webDist) {
      // Read at each sign-in (a rare navigation), so a rebuilt dashboard is served as the
      // fallback route of web/web.routes.ts serves it, never a copy from start-up.
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(await readFile(resolve(webDist, 'index.html')));
    }
    const { provider, client } = clientOf(request.params.provider);
    const { error, error_description: description } = request.query;
    if (error) throw badRequest(`Sign-in failed: ${description || error}`);
    await claimAttempt(app.db, callbackLimit(request.ip));
    const checks = readStateCookie(request.headers.cookie, provider, app.config.jwtSecret);
    // Used or not, this attempt is over: a new one starts at the provider again.
    reply.header('set-cookie', clearedStateCookie(secure));
    if (!checks || request.query.state !== checks.state) throw badRequest(EXPIRED_SIGN_IN);
    const answer = new URL(callbackUrlOf(request, provider));
    for (const [key, value] of Object.entries(request.query)) if (value !== undefined) answer.searchParams.set(key, value);
    const profile = await client.profile(answer, checks);
    const token = await signInWithProfile(app.db, app.config, provider, profile, request.ip);
    reply.header('cache-control', 'no-store');
    return reply.type('text/plain; charset=utf-8').send(token);
  });
}
