import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { issueSessionToken } from './tokens.ts';
import { bearer, sessionClaimsOf, signUp, uniqueEmail, whoamiOf } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('sign-up', () => {
  it('creates a user with a generated username and returns a session token as text', async () => {
    const email = uniqueEmail('new.person');
    const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email: email.toUpperCase(), password: 'sup3r secret', 'g-recaptcha-response': 'dummy' } });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const claims = decodeJwt(res.body);
    expect(claims).toMatchObject({ email, username: expect.stringMatching(/^new_person_[0-9a-f]{10}$/) });
    expect(claims.exp! - claims.iat!).toBe(36 * 3600);
    const me = await whoamiOf(ctx.app, res.body);
    expect(me.body).toEqual({ id: claims.actor, actorType: 'user', actorTypeId: claims.id, username: claims.username, email });
  });

  it('numbers usernames when the local part is taken', async () => {
    const local = `same${Date.now()}`;
    const a = decodeJwt((await signUp(ctx.app, `${local}@a.example.com`)).token);
    const b = decodeJwt((await signUp(ctx.app, `${local}@b.example.com`)).token);
    expect(a.username).toBe(local);
    expect(b.username).toBe(`${local}2`);
  });

  it('refuses a duplicate email (any case) with 409', async () => {
    const { email } = await signUp(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email: email.toUpperCase(), password: 'another password' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'An account with this email address already exists' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, 'Invalid email address'],
    [{ email: uniqueEmail(), password: 'short' }, 'Password must be at least 8 characters'],
    [{ email: uniqueEmail(), password: 'x'.repeat(65) }, 'Password must be at most 64 characters'],
    [{ password: 'long enough' }, 'email: '],
  ])('rejects %j with 400', async (payload, message) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(message);
  });
});

describe('login', () => {
  it('accepts the email (any case) or the username and returns a JWT', async () => {
    const user = await signUp(ctx.app);
    const { username } = decodeJwt(user.token) as { username: string };
    for (const login of [user.email.toUpperCase(), username]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: login, password: user.password } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect((await whoamiOf(ctx.app, res.body)).body.username).toBe(username);
    }
  });

  it('answers wrong passwords and unknown users with 401 "Invalid login credentials"', async () => {
    const user = await signUp(ctx.app);
    for (const payload of [{ username: user.email, password: 'wrong password' }, { username: uniqueEmail(), password: 'whatever1' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/login_', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid login credentials' });
    }
  });

  it('requires both fields', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: 'someone' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('session tokens', () => {
  it('answers whoami with 401 "You have to log in" when anonymous', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/actor/v1/whoami' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'You have to log in' });
  });

  it('rejects a malformed JWT with "Malformed token", also on other routes', async () => {
    const user = await signUp(ctx.app);
    const [h, p] = user.token.split('.');
    for (const url of ['/actor/v1/whoami', '/user/v1/whoami', '/api-key/user/full']) {
      const res = await ctx.app.inject({ method: url.startsWith('/api') ? 'POST' : 'GET', url, headers: bearer(`${h}.${p}.invalidsignature`) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Malformed token' });
    }
  });

  it('rejects an expired JWT with "The token expired"', async () => {
    const user = await signUp(ctx.app);
    const claims = sessionClaimsOf(user.token);
    const old = await issueSessionToken(claims, { secret: ctx.app.config.jwtSecret, ttlSeconds: 60, now: Math.floor(Date.now() / 1000) - 120 });
    const res = await ctx.app.inject({ method: 'GET', url: '/actor/v1/whoami', headers: bearer(old) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'The token expired' });
  });

  it('keeps public routes working with a bad token', async () => {
    for (const url of ['/ping', '/config/vars', '/config']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer('a.b.c-not-jwt') });
      expect(res.statusCode, url).toBe(200);
    }
    const ping = await ctx.app.inject({ method: 'GET', url: '/ping' });
    expect(ping.body).toBe('OK');
  });

  it('refreshes with a fresh iat and the same authTime', async () => {
    const user = await signUp(ctx.app);
    const claims = sessionClaimsOf(user.token);
    const old = await issueSessionToken(claims, { secret: ctx.app.config.jwtSecret, ttlSeconds: 36 * 3600, now: Math.floor(Date.now() / 1000) - 25 * 3600 });
    const res = await ctx.app.inject({ method: 'GET', url: '/user/v1/refresh-token', headers: bearer(old) });
    expect(res.statusCode).toBe(200);
    const fresh = decodeJwt(res.body);
    expect(fresh.iat!).toBeGreaterThan(decodeJwt(old).iat! + 24 * 3600);
    expect(fresh.authTime).toBe(claims.authTime);
    expect((await whoamiOf(ctx.app, res.body)).status).toBe(200);
  });

  it('refreshes authTime when the password is proven again, 401 on a wrong one', async () => {
    const user = await signUp(ctx.app);
    const claims = sessionClaimsOf(user.token);
    const stale = await issueSessionToken({ ...claims, authTime: claims.authTime - 3_600_000 }, { secret: ctx.app.config.jwtSecret, ttlSeconds: 3600 });
    const wrong = await ctx.app.inject({ method: 'POST', url: '/user/v1/refresh-token', headers: bearer(stale), payload: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid login credentials' });
    const ok = await ctx.app.inject({ method: 'POST', url: '/user/v1/refresh-token', headers: bearer(stale), payload: { password: user.password } });
    expect(ok.statusCode).toBe(200);
    expect(decodeJwt(ok.body).authTime as number).toBeGreaterThan(claims.authTime - 3_600_000 + 1000);
  });

  it('answers the legacy user whoami', async () => {
    const user = await signUp(ctx.app);
    const claims = decodeJwt(user.token);
    const res = await ctx.app.inject({ method: 'GET', url: '/user/v1/whoami', headers: bearer(user.token) });
    expect(res.json()).toEqual({ id: claims.id, username: claims.username, email: user.email });
  });

  it('logs out other sessions by rotating the per-user secret', async () => {
    const user = await signUp(ctx.app);
    const second = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: user.password } });
    const res = await ctx.app.inject({ method: 'POST', url: '/user/v1/logout-others', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, res.body)).status).toBe(200);
    for (const revoked of [user.token, second.body]) {
      const me = await whoamiOf(ctx.app, revoked);
      expect(me).toEqual({ status: 401, body: { error: 'You have to log in' } });
    }
  });
});
