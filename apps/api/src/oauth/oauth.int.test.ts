import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_ACCESS_TOKEN_TTL_SECONDS } from '@flotilla/core/oauth';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, sessionClaimsOf, signUp, type TestUser } from '../auth/test-helpers.ts';
import { sha256Hex } from './oauth-secrets.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const REDIRECT = 'https://third-party.example/callback?tenant=7';

interface App {
  id: number;
  client_id: string;
  client_secret: string;
}

async function register(owner: TestUser, redirectUri = REDIRECT, name = 'Grafana'): Promise<App> {
  const res = await ctx.app.inject({ method: 'POST', url: '/oauth/application', headers: bearer(owner.token), payload: { name, description: 'Dashboards', redirect_uri: redirectUri } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function authorize(token: string, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/oauth/authorize', headers: bearer(token), payload: { response_type: 'code', ...body } });
}

async function codeFor(user: TestUser, app: App, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await authorize(user.token, { client_id: app.client_id, state: 'xyz', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { code: string }).code;
}

/** POST /oauth/token, form-encoded as RFC 6749 §4.1.3 has it (JSON with `json: true`). */
function token(params: Record<string, string>, options: { json?: boolean; basic?: [string, string] } = {}) {
  const headers: Record<string, string> = { 'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded' };
  if (options.basic) headers.authorization = `Basic ${Buffer.from(options.basic.map(encodeURIComponent).join(':')).toString('base64')}`;
  return ctx.app.inject({ method: 'POST', url: '/oauth/token', headers, payload: options.json ? JSON.stringify(params) : new URLSearchParams(params).toString() });
}

const grant = (app: App, code: string, extra: Record<string, string> = {}) => ({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: app.client_id, client_secret: app.client_secret, ...extra });

async function whoami(accessToken: string) {
  return ctx.app.inject({ method: 'GET', url: '/user/v1/whoami', headers: bearer(accessToken) });
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('registering an application', () => {
  it('answers the client id and the secret once and stores only its digest', async () => {
    const owner = await signUp(ctx.app);
    const app = await register(owner);
    expect(app.client_id).toMatch(/^[\w-]{20}$/);
    expect(app.client_secret.length).toBeGreaterThanOrEqual(43);
    const stored = await ctx.database.db.selectFrom('oauth_application').selectAll().where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(stored.client_secret_hash).toBe(sha256Hex(app.client_secret));
    expect(JSON.stringify(stored)).not.toContain(app.client_secret);
    // Listed (OData) without any secret, to its creator.
    const list = await ctx.app.inject({ method: 'GET', url: `/v7/oauth_application?$filter=id eq ${app.id}`, headers: bearer(owner.token) });
    expect(list.json().d).toEqual([expect.objectContaining({ client_id: app.client_id, name: 'Grafana', redirect_uri: REDIRECT })]);
    expect(list.body).not.toContain('secret');
  });

  it('needs https, or http on localhost / 127.0.0.1, also when the URI is changed later', async () => {
    const owner = await signUp(ctx.app);
    for (const bad of ['http://third-party.example/cb', 'https://third-party.example/cb#frag', 'not a url']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/oauth/application', headers: bearer(owner.token), payload: { name: 'x', redirect_uri: bad } });
      expect(res.statusCode, bad).toBe(400);
    }
    const local = await register(owner, 'http://127.0.0.1:8123/cb');
    await register(owner, 'http://localhost:8123/cb');
    const patch = (redirect_uri: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/v7/oauth_application(${local.id})`, headers: bearer(owner.token), payload: { redirect_uri } });
    expect((await patch('http://evil.example/cb')).statusCode).toBe(400);
    expect((await patch('https://ok.example/cb')).statusCode).toBe(200);
  });

  it('needs a session token: anonymous and API-key callers are refused', async () => {
    const owner = await signUp(ctx.app);
    const key = (await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(owner.token), payload: { name: 'k' } })).json() as string;
    const payload = { name: 'x', redirect_uri: REDIRECT };
    expect((await ctx.app.inject({ method: 'POST', url: '/oauth/application', payload })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/oauth/application', headers: bearer(key), payload })).statusCode).toBe(401);
  });

  it('does not let another user change or delete an application, or see the consents given to it', async () => {
    const owner = await signUp(ctx.app);
    const outsider = await signUp(ctx.app);
    const user = await signUp(ctx.app);
    const app = await register(owner);
    await codeFor(user, app);
    const write = (who: TestUser, id: number) =>
      Promise.all([
        ctx.app.inject({ method: 'PATCH', url: `/v7/oauth_application(${id})`, headers: bearer(who.token), payload: { name: 'Mine now' } }),
        ctx.app.inject({ method: 'DELETE', url: `/v7/oauth_application(${id})`, headers: bearer(who.token) }),
      ]).then((answers) => answers.map((res) => [res.statusCode, res.body]));
    // An outsider is answered as for a missing application; a user who authorized it reads it
    // but changes nothing (balena's 401).
    expect(await write(outsider, app.id)).toEqual(await write(outsider, app.id + 100_000));
    expect((await write(user, app.id)).map(([status]) => status)).toEqual([401, 401]);
    const still = await ctx.database.db.selectFrom('oauth_application').select('name').where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(still.name).toBe('Grafana');
    const consents = await ctx.app.inject({ method: 'GET', url: `/v7/oauth_application_authorization?$filter=oauth_application eq ${app.id}`, headers: bearer(outsider.token) });
    expect(consents.json().d).toEqual([]);
  });
});

describe('reading applications', () => {
  const list = (who: TestUser, query = '') => ctx.app.inject({ method: 'GET', url: `/v7/oauth_application${query}`, headers: bearer(who.token) });

  it('lists an application to its creator and to the users who authorized it, to no one else', async () => {
    const owner = await signUp(ctx.app);
    const user = await signUp(ctx.app);
    const outsider = await signUp(ctx.app);
    const app = await register(owner, 'https://internal-dashboards.corp.example/cb');
    await codeFor(user, app);
    const ids = async (who: TestUser) => ((await list(who, `?$select=id,redirect_uri`)).json() as { d: Array<{ id: number }> }).d.map((row) => row.id);
    expect(await ids(owner)).toContain(app.id);
    expect(await ids(user)).toContain(app.id);
    // Before: every signed-in user listed every application, its redirect URI and its creator.
    expect(await ids(outsider)).not.toContain(app.id);
    for (const query of [`(${app.id})`, `?$filter=client_id eq '${app.client_id}'`, `?$filter=redirect_uri eq 'https://internal-dashboards.corp.example/cb'`]) {
      expect((await list(outsider, query)).json(), query).toEqual({ d: [] });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v7/oauth_application/$count', headers: bearer(outsider.token) })).json()).toEqual({ d: 0 });
  });

  it('GET /oauth/application/:clientId shows the consent page the application of that client id, to any signed-in user', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const app = await register(owner);
    const res = await ctx.app.inject({ method: 'GET', url: `/oauth/application/${app.client_id}`, headers: bearer(stranger.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: app.id, client_id: app.client_id, name: 'Grafana', description: 'Dashboards', redirect_uri: REDIRECT });
    expect(res.body).not.toMatch(/secret|created_by/);
    const unknown = await ctx.app.inject({ method: 'GET', url: `/oauth/application/${'x'.repeat(20)}`, headers: bearer(stranger.token) });
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/oauth/application/${app.client_id}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/oauth/application/${'x'.repeat(200)}`, headers: bearer(stranger.token) })).statusCode).toBe(400);
  });
});

describe('POST /oauth/authorize', () => {
  it('records the consent once and stores the code hashed with a short expiry', async () => {
    const owner = await signUp(ctx.app);
    const user = await signUp(ctx.app);
    const app = await register(owner);
    const code = await codeFor(user, app);
    await codeFor(user, app);
    const db = ctx.database.db;
    const consents = await db.selectFrom('oauth_application_authorization').selectAll().where('oauth_application', '=', app.id).execute();
    expect(consents).toHaveLength(1);
    const row = await db.selectFrom('oauth_authorization_code').selectAll().where('code_hash', '=', sha256Hex(code)).executeTakeFirstOrThrow();
    const ttl = new Date(row.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(JSON.stringify(row)).not.toContain(code);
    // The user sees (and only they see) the applications they authorized.
    const mine = await ctx.app.inject({ method: 'GET', url: '/v7/oauth_application_authorization?$expand=oauth_application($select=name)', headers: bearer(user.token) });
    expect(mine.json().d).toEqual([expect.objectContaining({ oauth_application: [expect.objectContaining({ name: 'Grafana' })] })]);
  });

  it('answers an unknown client 404 and a different redirect_uri 400', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const unknown = await authorize(user.token, { client_id: 'no-such-client' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('OAuth application not found');
    expect((await authorize(user.token, { client_id: app.client_id, redirect_uri: 'https://third-party.example/other' })).statusCode).toBe(400);
    expect((await authorize(user.token, { client_id: app.client_id, response_type: 'token' })).statusCode).toBe(400);
    expect((await authorize(user.token, { client_id: app.client_id, code_challenge: pkcePair().challenge, code_challenge_method: 'plain' })).statusCode).toBe(400);
  });

  it('refuses anonymous callers, API keys, OAuth access tokens and login-as-user sessions', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const key = (await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(user.token), payload: { name: 'k' } })).json() as string;
    expect((await ctx.app.inject({ method: 'POST', url: '/oauth/authorize', payload: { client_id: app.client_id, response_type: 'code' } })).statusCode).toBe(401);
    expect((await authorize(key, { client_id: app.client_id })).statusCode).toBe(401);
    const access = (await token(grant(app, await codeFor(user, app)))).json().access_token as string;
    expect((await authorize(access, { client_id: app.client_id })).statusCode).toBe(401);
    // A real login-as session: a forged actualUser must name a platform admin and carry their revocation secret (auth/credentials.ts).
    const admin = await signUp(ctx.app);
    await ctx.app.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', sessionClaimsOf(admin.token).id).execute();
    const loginAs = (await ctx.app.inject({ method: 'PATCH', url: '/login_', headers: bearer(admin.token), payload: { username: sessionClaimsOf(user.token).username } })).body;
    const refused = await authorize(loginAs, { client_id: app.client_id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('logged_in_as_user');
  });

  it('is rate limited per user', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await authorize(user.token, { client_id: app.client_id })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another user is not held back.
    expect((await authorize((await signUp(ctx.app)).token, { client_id: app.client_id })).statusCode).toBe(200);
  });
});

describe('POST /oauth/token', () => {
  it('exchanges a code (form-encoded, secret in the body) for a token the API accepts as the user', async () => {
    const owner = await signUp(ctx.app);
    const user = await signUp(ctx.app);
    const app = await register(owner);
    const res = await token(grant(app, await codeFor(user, app)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: OAUTH_ACCESS_TOKEN_TTL_SECONDS });
    const me = await whoami(body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: user.email });
    // A named key of the user: it shows under Preferences → Access tokens.
    const keys = await ctx.app.inject({ method: 'GET', url: "/v7/api_key?$filter=name eq 'OAuth: Grafana'", headers: bearer(user.token) });
    expect(keys.json().d).toHaveLength(1);
  });

  it('accepts JSON and HTTP Basic client authentication', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const viaJson = await token(grant(app, await codeFor(user, app)), { json: true });
    expect(viaJson.statusCode, viaJson.body).toBe(200);
    const { client_id: _id, client_secret: _secret, ...rest } = grant(app, await codeFor(user, app));
    const viaBasic = await token(rest, { basic: [app.client_id, app.client_secret] });
    expect(viaBasic.statusCode, viaBasic.body).toBe(200);
    expect((await whoami(viaBasic.json().access_token)).statusCode).toBe(200);
  });

  it('spends a code once: a replay fails and revokes the token it was exchanged for', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const code = await codeFor(user, app);
    const [first, second] = await Promise.all([token(grant(app, code)), token(grant(app, code))]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const winner = first.statusCode === 200 ? first : second;
    const loser = first.statusCode === 200 ? second : first;
    expect(loser.json().error).toBe('invalid_grant');
    const accessToken = winner.json().access_token as string;
    // The replay came after the exchange committed or raced it; a third try certainly follows it.
    const third = await token(grant(app, code));
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await whoami(accessToken)).statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const code = await codeFor(user, app);
    await ctx.database.db.updateTable('oauth_authorization_code').set({ expires_at: new Date(Date.now() - 1000) }).where('code_hash', '=', sha256Hex(code)).execute();
    const res = await token(grant(app, code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/expired/) });
  });

  it('refuses a wrong secret without spending the code, and an unknown client', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const code = await codeFor(user, app);
    const wrong = await token(grant(app, code, { client_secret: 'not-the-secret' }));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const wrongBasic = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, { basic: [app.client_id, 'nope'] });
    expect(wrongBasic.statusCode).toBe(401);
    expect(wrongBasic.headers['www-authenticate']).toMatch(/^Basic/);
    const unknown = await token(grant(app, code, { client_id: 'nobody' }));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('invalid_client');
    expect((await token(grant(app, code))).statusCode).toBe(200);
  });

  it("refuses another application's code and a redirect_uri other than the authorization request's", async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const other = await register(user, 'https://other.example/cb', 'Other');
    const stolen = await token({ ...grant(other, await codeFor(user, app)), redirect_uri: 'https://other.example/cb' });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe('invalid_grant');
    const misdirected = await token(grant(app, await codeFor(user, app), { redirect_uri: 'https://third-party.example/elsewhere' }));
    expect(misdirected.json().error).toBe('invalid_grant');
    // Named at authorization, so required at the token endpoint (RFC 6749 §4.1.3).
    const { redirect_uri: _r, ...withoutRedirect } = grant(app, await codeFor(user, app, { redirect_uri: REDIRECT }));
    const missing = await token(withoutRedirect);
    expect(missing.json().error).toBe('invalid_grant');
    // Not named at authorization: may be left out.
    const { redirect_uri: _r2, ...unnamed } = grant(app, await codeFor(user, app));
    expect((await token(unnamed)).statusCode).toBe(200);
  });

  it('lets a public client use PKCE instead of the secret, and checks the verifier', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const { verifier, challenge } = pkcePair();
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const { client_secret: _s, ...publicGrant } = grant(app, await codeFor(user, app, pkce));
    const ok = await token({ ...publicGrant, code_verifier: verifier });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await whoami(ok.json().access_token)).statusCode).toBe(200);

    const wrongVerifier = await token({ ...publicGrant, code: await codeFor(user, app, pkce), code_verifier: pkcePair().verifier });
    expect(wrongVerifier.json().error).toBe('invalid_grant');
    const noVerifier = await token(grant(app, await codeFor(user, app, pkce)));
    expect(noVerifier.json().error).toBe('invalid_grant');

    // Without PKCE a client must send its secret; the code is not spent by trying.
    const plainCode = await codeFor(user, app);
    const unauthenticated = await token({ ...publicGrant, code: plainCode });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().error).toBe('invalid_client');
    expect((await token(grant(app, plainCode))).statusCode).toBe(200);
  });

  it('answers malformed requests in RFC 6749 §5.2 form', async () => {
    const user = await signUp(ctx.app);
    const app = await register(user);
    const code = await codeFor(user, app);
    const unsupported = await token(grant(app, code, { grant_type: 'password' }));
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().error).toBe('unsupported_grant_type');
    const { code: _c, ...noCode } = grant(app, code);
    expect((await token(noCode)).json().error).toBe('invalid_request');
    const { grant_type: _g, ...noGrant } = grant(app, code);
    expect((await token(noGrant)).json().error).toBe('invalid_request');
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(grant(app, code)).toString()}&code=other`,
    });
    expect(twice.json().error).toBe('invalid_request');
    expect((await token(grant(app, code, { code_verifier: 'short' }))).json().error).toBe('invalid_request');
    // None of these spent the code.
    expect((await token(grant(app, code))).statusCode).toBe(200);
  });
});

describe('revoking', () => {
  it('revoking the consent ends the tokens issued under it and fails codes not yet exchanged', async () => {
    const owner = await signUp(ctx.app);
    const user = await signUp(ctx.app);
    const app = await register(owner);
    const accessToken = (await token(grant(app, await codeFor(user, app)))).json().access_token as string;
    const pending = await codeFor(user, app);
    expect((await whoami(accessToken)).statusCode).toBe(200);
    const [consent] = (await ctx.app.inject({ method: 'GET', url: '/v7/oauth_application_authorization', headers: bearer(user.token) })).json().d as { id: number }[];
    // Nobody else may revoke it.
    await ctx.app.inject({ method: 'DELETE', url: `/v7/oauth_application_authorization(${consent!.id})`, headers: bearer(owner.token) });
    expect((await whoami(accessToken)).statusCode).toBe(200);
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/v7/oauth_application_authorization(${consent!.id})`, headers: bearer(user.token) });
    expect(revoked.statusCode).toBe(200);
    expect((await whoami(accessToken)).statusCode).toBe(401);
    const late = await token(grant(app, pending));
    expect(late.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("deleting an application ends its users' tokens", async () => {
    const owner = await signUp(ctx.app);
    const user = await signUp(ctx.app);
    const app = await register(owner);
    const accessToken = (await token(grant(app, await codeFor(user, app)))).json().access_token as string;
    expect((await whoami(accessToken)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v7/oauth_application(${app.id})`, headers: bearer(owner.token) })).statusCode).toBe(200);
    expect((await whoami(accessToken)).statusCode).toBe(401);
    expect((await authorize(user.token, { client_id: app.client_id })).statusCode).toBe(404);
  });
});
