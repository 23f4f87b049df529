import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { samlAccessResponse, samlFinalizeBody, samlFinalizeResponse, ssoIdentifierProblem, type SamlSignInError } from '@flotilla/core/saml';
import { safeString } from '@flotilla/core/schemas/primitives';
import { claimAttempt, type Limit } from '../auth/attempt-limits.ts';
import { addressKey } from '../auth/client-address.ts';
import { resolveCredential } from '../auth/credentials.ts';
import { assertOwnSession, requireUser } from '../auth/guards.ts';
import { AppError } from '../lib/errors.ts';
import { personOf, samlFor, serviceProviderOf } from './saml-client.ts';
import { readRelayState, relayStateFor } from './saml-relay-state.ts';
import { afterValidResponse, finalizeSignIn, samlError, type SignedInUser } from './saml-sign-in.service.ts';
import { consumeSamlRequest, findProviderBySsoIdentifier, listSamlOrganizations } from './saml.repository.ts';

const startParams = z.object({ ssoIdentifier: safeString(200) });
/** The IdP's HTTP-POST binding (SAML bindings §3.5): a form with SAMLResponse and RelayState. */
const callbackBody = z.object({ SAMLResponse: safeString(2_000_000).min(1), RelayState: safeString(4096).optional() });

/** Sign-in attempts per client address: a loop of starts or forged responses is cut off (DESIGN "rate limits on every sign-in path"). */
const startLimit = (ip: string): Limit[] => [{ bucket: `saml-start:${addressKey(ip)}`, max: 60, windowMs: 15 * 60 * 1000 }];
const callbackLimit = (ip: string): Limit[] => [{ bucket: `saml:${addressKey(ip)}`, max: 30, windowMs: 15 * 60 * 1000 }];
const finalizeLimit = (ip: string): Limit[] => [{ bucket: `saml-finalize:${addressKey(ip)}`, max: 30, windowMs: 15 * 60 * 1000 }];

/** Where a failed browser sign-in lands (accounts spec §2 `/signup?saml_error`). */
const failurePage = (code: SamlSignInError) => `/signup?saml_error=${code}`;

/**
 * SAML 2.0 single sign-on (accounts spec §2 /saml, §7; DESIGN "Identity": @node-saml/node-saml):
 * - `GET /auth/saml/:ssoIdentifier` sends the browser to the provider's entry point with an
 *   AuthnRequest (HTTP-Redirect binding) and a signed RelayState naming the request;
 * - the provider posts its response to `POST /saml/callback/signon` (HTTP-POST binding), which
 *   node-saml validates against the provider's certificate and issuer, our entity id as the
 *   audience, the request it answers (once) and its validity window; the browser then goes to
 *   the dashboard's `/saml/callback/signon?code=…` or, for an existing unlinked account,
 *   `/saml/callback/merge?code=…&shouldMergeWith=…`; failures go to `/signup?saml_error=…`;
 * - the dashboard exchanges the code at `POST /auth/saml/finalize {code, jwt?}` for `{token}`.
 * Provider management is OData (`identity_provider`, `identity_provider_membership`,
 * model/resources/identity.ts); `GET /user/v1/saml-access` tells the dashboard whether the
 * feature is on for the user and which organizations a new provider may authorize.
 */
/** The identity provider's form post (a signed response, its certificate inside): sent without a credential. */
const SAML_FORM_MAX_BYTES = 4 * 1024 * 1024;

export async function samlRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // This plugin's scope only: the IdP posts a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: SAML_FORM_MAX_BYTES }, (_request, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(text))));
  });

  const originOf = (request: FastifyRequest) => (app.config.publicUrl ? new URL(app.config.publicUrl).origin : `${request.protocol}://${request.host}`);

  app.get('/auth/saml/:ssoIdentifier', { config: { public: true }, schema: { params: startParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await claimAttempt(app.db, startLimit(request.ip));
    const { ssoIdentifier } = request.params;
    const provider = ssoIdentifierProblem(ssoIdentifier) ? undefined : await findProviderBySsoIdentifier(app.db, ssoIdentifier);
    if (!provider) return reply.redirect(failurePage('unknown_sso_identifier'), 302);
    let requestId = '';
    const saml = samlFor(app.db, provider, serviceProviderOf(originOf(request)));
    const generate = saml.options.generateUniqueId;
    saml.options.generateUniqueId = () => (requestId = generate());
    // node-saml calls generateUniqueId before it needs the RelayState: sign it with the id once known.
    const url = new URL(await saml.getAuthorizeUrlAsync('', undefined, {}));
    url.searchParams.set('RelayState', relayStateFor(provider.sso_identifier, requestId, app.config.jwtSecret));
    return reply.redirect(url.href, 302);
  });

  app.post('/saml/callback/signon', { config: { public: true, anonymousBodyLimit: SAML_FORM_MAX_BYTES }, schema: { body: callbackBody } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await claimAttempt(app.db, callbackLimit(request.ip));
    const relay = readRelayState(request.body.RelayState, app.config.jwtSecret);
    const provider = relay ? await findProviderBySsoIdentifier(app.db, relay.ssoIdentifier) : undefined;
    if (!relay || !provider) return reply.redirect(failurePage('login_failed'), 303);
    const saml = samlFor(app.db, provider, serviceProviderOf(originOf(request)), relay.requestId);
    let person;
    try {
      const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: request.body.SAMLResponse });
      if (!profile) throw new Error('no profile');
      // node-saml checks idpIssuer on logout messages only: the signed assertion's issuer must be the provider's.
      if (profile.issuer !== provider.issuer) throw new Error(`unexpected issuer ${String(profile.issuer)}`);
      person = personOf(profile);
    } catch (err) {
      request.log.info({ err, sso: provider.sso_identifier }, 'SAML response refused');
      return reply.redirect(failurePage('login_failed'), 303);
    }
    // Once: a replayed response (or the same one in a second tab) finds its request consumed.
    if (!(await consumeSamlRequest(app.db, relay.requestId, provider.id))) return reply.redirect(failurePage('login_failed'), 303);
    try {
      return reply.redirect(await afterValidResponse(app.db, app.config, provider.id, person, request.ip), 303);
    } catch (err) {
      if (err instanceof AppError && err.code === 'no_email') return reply.redirect(failurePage('login_failed'), 303);
      throw err;
    }
  });

  app.post('/auth/saml/finalize', { config: { public: true }, schema: { body: samlFinalizeBody, response: { 200: samlFinalizeResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await claimAttempt(app.db, finalizeLimit(request.ip));
    let signedIn: SignedInUser | null = null;
    if (request.body.jwt) {
      const resolved = await resolveCredential(app.credentialReads, app.config, request.body.jwt).catch(() => null);
      if (!resolved?.session || resolved.principal.kind !== 'user' || resolved.session.twoFactorRequired === true) throw samlError(401, 'require_login');
      // A support agent logged in as the user cannot merge away the user's API keys.
      assertOwnSession(resolved.session);
      if (!resolved.principal.email) throw samlError(400, 'email_mismatch');
      signedIn = { userId: resolved.principal.userId, email: resolved.principal.email };
    }
    return { token: await finalizeSignIn(app.db, app.config, request.body.code, signedIn) };
  });

  app.get('/user/v1/saml-access', { schema: { response: { 200: samlAccessResponse } } }, async (request) => {
    const user = requireUser(request);
    return listSamlOrganizations(app.db, user.userId);
  });
}
