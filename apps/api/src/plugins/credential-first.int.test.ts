// Compat §1.5: "Unauthenticated requests must get 401". A route that needs a credential answers a
// request without one 401 before its body is parsed or validated (plugins/auth.ts): before this,
// an anonymous `POST /api-key/v2/` with `{}` or `{"name": 5}` was a 400 from the route's schema.
// Driven over every route the app registers (app.routeAccess), so a new route is covered too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createTestWebDist, type TestWebDist } from '../web/test-web-dist.ts';
import { bearer, signUp, type TestUser } from '../auth/test-helpers.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import type { RouteAccess } from './auth.ts';

let ctx: TestContext;
let dist: TestWebDist;
let user: TestUser;

beforeAll(async () => {
  dist = createTestWebDist();
  ctx = await createTestApp({ webDist: dist.dir });
  user = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  dist?.remove();
});

const UUID = '0123456789abcdef0123456789abcdef';

/** A URL of the route's shape whose parameters pass the route's own checks where they can. */
function urlOf(route: string): string {
  return route
    .replace(/:(uuid|fleetUuid)\b/g, UUID)
    .replace(/:apiVersion\b/g, 'v1')
    .replace(/:\w+/g, '1')
    .replace(/\*$/, 'application');
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Bodies that fail every route's schema one way or another, and one that is not JSON at all. */
const BAD_BODIES: Array<Pick<InjectOptions, 'payload' | 'headers'>> = [
  { payload: {} },
  { payload: { name: 5 } },
  { payload: 'not json', headers: { 'content-type': 'application/json' } },
];

/** The error's sentence: JSON `{error}`, or the text alone on a streamed download (error-handler.ts `errorsAsText`). */
function errorOf(res: { headers: Record<string, unknown>; body: string; json: <T>() => T }): string | undefined {
  return String(res.headers['content-type']).startsWith('text/plain') ? res.body : res.json<{ error?: string }>().error;
}

function routes(access: RouteAccess['access']): RouteAccess[] {
  return ctx.app.routeAccess.filter((r) => r.access === access && r.method !== 'HEAD');
}

describe('a request without a credential', () => {
  it('is a 401 on every route that needs one, whatever its body (never the 400 of its schema)', async () => {
    const needing = routes('credential');
    // The API's surface: sign-in-only routes (keys, profile, 2FA, billing, OData writes, device protocol…).
    expect(needing.length).toBeGreaterThan(70);
    const wrong: string[] = [];
    for (const route of needing) {
      const url = urlOf(route.url);
      for (const body of WITH_BODY.has(route.method) ? BAD_BODIES : [{}]) {
        const res = await ctx.app.inject({ method: route.method as InjectOptions['method'], url, ...body });
        if (res.statusCode !== 401 || errorOf(res) !== AUTH_MESSAGES.notLoggedIn) wrong.push(`${route.method} ${url} ${JSON.stringify(body.payload)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is a 401 on the cases the compat contract names (POST /api-key/v2/ with `{}` and `{"name": 5}`)', async () => {
    for (const payload of [{}, { name: 5 }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api-key/v2/', payload });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ error: AUTH_MESSAGES.notLoggedIn });
    }
  });

  it('reaches the public routes, which answer it themselves (sign-in, sign-up, reset, SAML, OAuth, the dashboard)', async () => {
    const publicRoutes = routes('public');
    for (const expected of ['POST /login_', 'POST /user/register', 'POST /user/v1/password-reset/request', 'POST /user/v1/password-reset', 'POST /user/v1/verify-email', 'POST /saml/callback/signon', 'POST /auth/saml/finalize', 'POST /oauth/token', 'GET /config', 'GET /device-types/v1', 'GET /os/v1/config/', 'GET /*', 'GET /assets/*']) {
      expect(publicRoutes.map((r) => `${r.method} ${r.url}`)).toContain(expected);
    }
    const wrong: string[] = [];
    for (const route of publicRoutes) {
      if (route.method === 'OPTIONS') continue;
      const url = urlOf(route.url);
      const res = await ctx.app.inject({ method: route.method as InjectOptions['method'], url, ...(WITH_BODY.has(route.method) ? { payload: {} } : {}) });
      if (res.statusCode === 401) wrong.push(`${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: user.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: '/fleets' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(dist.indexHtml);
    const bundle = await ctx.app.inject({ method: 'GET', url: dist.bundlePath });
    expect(bundle.statusCode).toBe(200);
  });

  it('reaches only the few routes that carry their capability elsewhere', () => {
    // Each answers an anonymous caller itself: OData reads (public fleets), the registry's Basic
    // auth, a release asset's download key and upload uuid, the websockets' own handshakes.
    const accepting = routes('accepts-anonymous').map((r) => `${r.method} ${r.url}`).sort();
    expect(accepting).toEqual(
      [
        'GET /auth/v1/token',
        'GET /device/v1/link',
        'GET /release-asset/v1/:id/download',
        'GET /resin/*',
        'GET /terminal/v1/:uuid',
        'GET /v7/*',
        'PUT /release-asset/v1/uploads/:uuid/parts/:n',
      ].sort(),
    );
  });

  it('an OData write without a credential is a 401 before its body is read; an OData read is served', async () => {
    for (const [method, url] of [['POST', '/v7/application'], ['PATCH', '/v7/application(1)'], ['DELETE', '/resin/device(1)']] as const) {
      const res = await ctx.app.inject({ method, url, payload: 'not json', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, res.body).toBe(401);
    }
    const read = await ctx.app.inject({ method: 'GET', url: '/v7/application?$select=id' });
    expect(read.statusCode, read.body).toBe(200);
  });

  it('an unknown URL is still a 404, and a CORS preflight is still answered', async () => {
    const unknown = await ctx.app.inject({ method: 'POST', url: '/no/such/route', payload: {} });
    expect(unknown.statusCode).toBe(404);
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api-key/v2/',
      headers: { origin: 'http://example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.statusCode).toBe(204);
  });
});

describe('with a credential', () => {
  it('a bad body is still the route schema’s 400', async () => {
    for (const payload of [{}, { name: 5 }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(user.token), payload });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('a bad credential is a 401 before the body too', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api-key/v2/', headers: bearer('not-a-key'), payload: { name: 5 } });
    expect(res.statusCode, res.body).toBe(401);
  });
});
