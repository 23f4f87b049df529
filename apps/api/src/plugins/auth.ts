import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { ANONYMOUS } from '../auth/principal.ts';
import { AUTH_MESSAGES, resolveCredential } from '../auth/credentials.ts';
import { CredentialReads } from '../auth/credential-reads.ts';
import { looksLikeJwt, type VerifiedSession } from '../auth/tokens.ts';
import { unauthorized } from '../lib/errors.ts';
import { capAnonymousBody } from './anonymous-body-limit.ts';

export { requirePrincipal, requireUser } from '../auth/guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route works without credentials, and a bad credential is ignored (treated as
     * anonymous) instead of answering 401 — for health checks, sign-in and public config.
     */
    public?: boolean;
    /**
     * The route also accepts a session whose second factor is still pending
     * (`twoFactorRequired: true`): only the 2FA verify/recover routes and whoami do.
     */
    allowPendingTwoFactor?: boolean;
    /**
     * The route resolves an API key itself, in the statement that does its work (the
     * target-state poll: key, heartbeat and state in one statement, docs/query-budgets.md).
     * The hook then leaves the key in `request.deferredApiKey` and the principal anonymous, so
     * a deferred key grants nothing until the route either matches it in its own statement or
     * calls `resolveDeferredApiKey` (which answers exactly as this hook would have).
     * Session JWTs are still resolved here.
     */
    resolvesOwnApiKey?: boolean;
    /**
     * The route is not public (a bad credential is still a 401) but answers a caller without
     * one itself: `true` for every method, or the methods it does (the OData routes' reads of
     * public fleets). Only for routes whose anonymous caller carries its capability elsewhere
     * (a download key or an upload uuid in the URL, Basic auth for the registry, a websocket's
     * own handshake). Every other route that is not `public` answers a request without a
     * credential 401 in the onRequest hook, before its body is read or validated (compat §1.5).
     */
    acceptsAnonymous?: true | readonly HTTPMethods[];
  }
  interface FastifyInstance {
    /** Every route (method, url) with what it takes of a caller, as registered (for the route-wide tests). */
    routeAccess: readonly RouteAccess[];
  }
  interface FastifyRequest {
    /** The verified session claims when the caller used a session JWT (refresh keeps authTime). */
    authSession: VerifiedSession | null;
    /** An API key left to a `resolvesOwnApiKey` route, not yet resolved (null otherwise). */
    deferredApiKey: string | null;
  }
}

/** A session token still waiting for its second factor reaches only the routes that allow it. */
export const TWO_FACTOR_REQUIRED = 'Two-factor authentication required';

/** Routes app.ts defines itself, before any module could mark them public. */
const ALWAYS_PUBLIC_PATHS = new Set(['/ping', '/connectivity-check']);

/** Where a credential came from: only API keys may travel in the URL (see credentials.ts). */
export type CredentialSource = 'header' | 'query';

/** The credential sent with the request: `Authorization: Bearer <t>` first, else `?apikey=`. */
export function extractCredential(request: FastifyRequest): { token: string; source: CredentialSource } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    // Other schemes (e.g. Basic for the registry token endpoint) are left to their route.
    if (match?.[1]) return { token: match[1], source: 'header' };
  }
  const queryAt = request.url.indexOf('?');
  if (queryAt >= 0) {
    const apikey = new URLSearchParams(request.url.slice(queryAt + 1)).get('apikey');
    if (apikey) return { token: apikey, source: 'query' };
  }
  return undefined;
}

/** What a route takes of a caller: nothing (public), nothing it checks before its handler, or a credential. */
export type RouteAccessKind = 'public' | 'accepts-anonymous' | 'credential';
export interface RouteAccess {
  method: string;
  url: string;
  access: RouteAccessKind;
}

function acceptsAnonymous(config: { acceptsAnonymous?: true | readonly HTTPMethods[] } | undefined, method: string): boolean {
  const accepts = config?.acceptsAnonymous;
  return accepts === true || (accepts !== undefined && accepts.includes(method as HTTPMethods));
}

function accessOf(route: Pick<RouteOptions, 'url' | 'config'>, method: string): RouteAccessKind {
  const config = route.config as { public?: boolean; acceptsAnonymous?: true | readonly HTTPMethods[] } | undefined;
  // OPTIONS is CORS's (app.ts): a preflight is answered in its hook before this plugin's.
  if (config?.public === true || ALWAYS_PUBLIC_PATHS.has(route.url) || method === 'OPTIONS') return 'public';
  return acceptsAnonymous(config, method) ? 'accepts-anonymous' : 'credential';
}

/**
 * A request without a credential on a route that needs one: 401 before anything else of the
 * route runs (its body is not read, its schema not checked), so an anonymous caller gets the
 * "not logged in" answer whatever it sent (compat §1.5). An unknown URL stays a 404, a CORS
 * preflight is answered before this hook (app.ts registers cors first).
 */
function needsCredential(request: FastifyRequest): boolean {
  if (request.is404) return false;
  return accessOf({ url: request.routeOptions.url ?? '', config: request.routeOptions.config }, request.method) === 'credential';
}

function isPublic(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.public === true) return true;
  return ALWAYS_PUBLIC_PATHS.has(request.url.split('?')[0] ?? '');
}

/**
 * Resolves a credential into `request.principal`, as the hook does for every route: a bad one
 * is a 401 with the spec's text, ignored on public routes.
 */
async function resolveInto(app: FastifyInstance, request: FastifyRequest, credential: { token: string; source: CredentialSource }): Promise<void> {
  try {
    const resolved = await resolveCredential(app.credentialReads, app.config, credential.token, { allowSession: credential.source === 'header' });
    if (resolved.session?.twoFactorRequired === true && request.routeOptions.config?.allowPendingTwoFactor !== true) {
      throw unauthorized(TWO_FACTOR_REQUIRED, 'two_factor_required');
    }
    request.principal = resolved.principal;
    request.authSession = resolved.session ?? null;
  } catch (err) {
    if (!isPublic(request)) throw err;
  }
}

/**
 * The slow path of a `resolvesOwnApiKey` route: resolves the deferred key the ordinary way
 * (the same principal, the same 401s). No-op when nothing was deferred.
 */
export async function resolveDeferredApiKey(request: FastifyRequest): Promise<void> {
  const token = request.deferredApiKey;
  if (token === null) return;
  request.deferredApiKey = null;
  // Only API keys are deferred, and they resolve alike from the header or the URL.
  await resolveInto(request.server, request, { token, source: 'header' });
}

/**
 * Resolves `request.principal` once per request, for every route (fastify-plugin: not
 * encapsulated). No credential = 401 on a route that needs one, else anonymous (the route
 * decides: `public` and `acceptsAnonymous` routes); a malformed, expired or unknown
 * credential = 401 with the spec's text, except on public routes. On a `resolvesOwnApiKey`
 * route an API key is left to the route (its only difference: no statement spent here).
 * An anonymous caller's body is held to a small limit before it is read (anonymous-body-limit.ts).
 */
export const authPlugin = fp(
  async (app) => {
    // The reads every credential starts with, shared by the requests of one turn (also used by
    // the terminal and registry routes, which resolve credentials of their own).
    app.decorate('credentialReads', new CredentialReads(app.db));
    app.decorateRequest('principal', null as never);
    app.decorateRequest('authSession', null);
    app.decorateRequest('deferredApiKey', null);
    // Read when asked: a plugin's own onRoute hook (web.routes.ts) may still mark its routes after this one ran.
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => void routes.push(route));
    app.decorate('routeAccess', {
      getter: () => routes.flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url, access: accessOf(route, method) }))),
    });
    app.addHook('onRequest', async (request, reply) => {
      request.principal = ANONYMOUS;
      request.authSession = null;
      request.deferredApiKey = null;
      const credential = extractCredential(request);
      if (!credential) {
        if (needsCredential(request)) {
          // Not a byte of a body is read: the connection closes after the answer (a keep-alive
          // one would otherwise be drained of the whole body first, as in anonymous-body-limit.ts).
          if (Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined) void reply.header('connection', 'close');
          throw unauthorized(AUTH_MESSAGES.notLoggedIn);
        }
        return;
      }
      if (request.routeOptions.config?.resolvesOwnApiKey === true && !looksLikeJwt(credential.token)) {
        request.deferredApiKey = credential.token;
        return;
      }
      await resolveInto(app, request, credential);
    });
    // Before any body is read: an anonymous caller gets at most a small body read (anonymous-body-limit.ts).
    app.addHook('preParsing', async (request, reply, payload) => capAnonymousBody(request, reply, payload, isPublic(request)));
  },
  { name: 'flotilla-auth' },
);
