import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdOAuthApplication,
  createOAuthApplicationBody,
  oauthAuthorizeBody,
  oauthAuthorizeResponse,
  oauthConsentApplication,
  oauthConsentApplicationParams,
  oauthTokenRequest,
} from '@flotilla/core/schemas/oauth';
import { requireUser } from '../auth/guards.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { claimAttempt } from '../auth/attempt-limits.ts';
import { unauthorized } from '../lib/errors.ts';
import { authorizeApplication, consentApplication, registerApplication } from './oauth.service.ts';
import { exchangeAuthorizationCode, OAuthTokenError, type ClientCredentials } from './oauth-token.service.ts';
import { tokenFailureLimits } from './oauth-rate-limit.ts';

/** The signed-in user's own session token (not an API key: those cannot hand out codes). */
function userSession(request: FastifyRequest) {
  const user = requireUser(request, { via: 'jwt' });
  if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return { user, session: request.authSession };
}

/** A form-encoded body as parsed in this scope (a JSON body is a plain object). */
class FormBody {
  constructor(readonly fields: Record<string, string> | null) {}
}

/** RFC 6749 §3.2: form-encoded parameters, each at most once; null when one repeats. */
function parseForm(text: string): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(values, key)) return null;
    values[key] = value;
  }
  return values;
}

/** `Authorization: Basic` with form-encoded client id and secret (RFC 6749 §2.3.1); null when absent. */
function basicCredentials(request: FastifyRequest): ClientCredentials['basic'] | null {
  const header = request.headers.authorization;
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthTokenError('invalid_client', 'Malformed Basic credentials', true);
  const formDecode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthTokenError('invalid_client', 'Malformed Basic credentials', true);
  }
}

function sendTokenError(reply: FastifyReply, err: OAuthTokenError): FastifyReply {
  if (err.status === 401 && err.isBasicChallenge) void reply.header('www-authenticate', 'Basic realm="oauth"');
  return reply.status(err.status).send({ error: err.error, error_description: err.description });
}

/**
 * OAuth applications (accounts spec §2, §7; DESIGN "Identity"):
 * - `POST /oauth/application` registers one for the signed-in user (secret shown once);
 * - `GET /oauth/application/:clientId` is what the consent page shows of the application;
 * - `POST /oauth/authorize` is the consent page's call: a one-time code for the application;
 * - `POST /oauth/token` exchanges the code for an access token (RFC 6749 §4.1.3), form-encoded
 *   or JSON, answering errors in RFC 6749 §5.2's shape.
 * Listing and deleting applications and consents are OData (`oauth_application`,
 * `oauth_application_authorization`).
 */
export async function oauthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // This plugin's scope only: the token endpoint is form-encoded (RFC 6749 §4.1.3).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => {
    done(null, new FormBody(parseForm(String(text))));
  });

  app.post('/oauth/application', { schema: { body: createOAuthApplicationBody, response: { 201: createdOAuthApplication } } }, async (request, reply) => {
    const { user, session } = userSession(request);
    return reply.status(201).send(await registerApplication(app.db, user, session, request.body));
  });

  app.get(
    '/oauth/application/:clientId',
    { schema: { params: oauthConsentApplicationParams, response: { 200: oauthConsentApplication } } },
    async (request) => {
      requireUser(request);
      return consentApplication(app.db, request.params.clientId);
    },
  );

  app.post('/oauth/authorize', { schema: { body: oauthAuthorizeBody, response: { 200: oauthAuthorizeResponse } } }, async (request, reply) => {
    const { user, session } = userSession(request);
    reply.header('cache-control', 'no-store');
    return authorizeApplication(app.db, app.config, user, session, request.body);
  });

  app.post('/oauth/token', { config: { public: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const attempt = await claimAttempt(app.db, tokenFailureLimits(request.ip));
    try {
      const raw = request.body;
      const fields = raw instanceof FormBody ? raw.fields : raw;
      if (fields === null) throw new OAuthTokenError('invalid_request', 'A parameter was sent more than once');
      const parsed = oauthTokenRequest.safeParse(fields ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new OAuthTokenError('invalid_request', `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid value'}`);
      }
      const { client_id, client_secret } = parsed.data;
      const basic = basicCredentials(request) ?? undefined;
      const token = await exchangeAuthorizationCode(app.db, parsed.data, { basic, body: { client_id, client_secret } });
      await attempt.takeBack();
      return token;
    } catch (err) {
      if (err instanceof OAuthTokenError) return sendTokenError(reply, err);
      throw err;
    }
  });
}
