import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSessionToken, type SessionClaims } from '../auth/tokens.ts';
import { bearer, signUp, whoamiOf } from '../auth/test-helpers.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { DEFAULT_LOGIN_RATE_LIMITS } from '../auth/login-rate-limit-config.ts';
import { totpCode, TOTP_PERIOD_SECONDS } from './totp.ts';
import { claimsOf, enableTwoFactor, nextCode, signIn } from './two-factor.test-helpers.ts';

let ctx: TestContext;
const MAX_ATTEMPTS = 5;
const JWT_SECRET = 'two-factor-int-test-secret';

beforeAll(async () => {
  ctx = await createTestApp({ jwtSecret: JWT_SECRET, loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMITS, secondFactor: { max: MAX_ATTEMPTS, windowMs: 3600_000 } } });
});
afterAll(async () => ctx?.close());

const post = (url: string, token: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

describe('enabling two-factor', () => {
  it('leaves tokens of users without 2FA free of the claim', async () => {
    const user = await signUp(ctx.app);
    expect(claimsOf(user.token)).not.toHaveProperty('twoFactorRequired');
    expect(claimsOf(await signIn(ctx.app, user))).not.toHaveProperty('twoFactorRequired');
  });

  it('hands out one pending setup key until it is confirmed', async () => {
    const user = await signUp(ctx.app);
    const a = await ctx.app.inject({ method: 'GET', url: '/auth/totp/setup', headers: bearer(user.token) });
    const b = await ctx.app.inject({ method: 'GET', url: '/auth/totp/setup', headers: bearer(user.token) });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toMatch(/^text\/plain/);
    expect(a.body).toMatch(/^[A-Z2-7]{32}$/);
    expect(b.body).toBe(a.body);
    // Setup alone does not enable anything: sign-in still gives a token without the claim.
    expect(claimsOf(await signIn(ctx.app, user))).not.toHaveProperty('twoFactorRequired');
  });

  it('enables with the pairing code and returns a passed token; a wrong code changes nothing', async () => {
    const user = await signUp(ctx.app);
    const secret = (await ctx.app.inject({ method: 'GET', url: '/auth/totp/setup', headers: bearer(user.token) })).body;
    const wrong = await post('/auth/totp/verify', user.token, { code: '000000' === totpCode(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_two_factor_code' });
    expect(claimsOf(await signIn(ctx.app, user))).not.toHaveProperty('twoFactorRequired');

    const ok = await post('/auth/totp/verify', user.token, { code: totpCode(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(claimsOf(ok.body)).toMatchObject({ twoFactorRequired: false });
    const again = await ctx.app.inject({ method: 'GET', url: '/auth/totp/setup', headers: bearer(ok.body) });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a pairing code before any setup key', async () => {
    const user = await signUp(ctx.app);
    const res = await post('/auth/totp/verify', user.token, { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'two_factor_setup_not_started' });
  });

  it('needs a recent password proof for setup, enable and new recovery codes', async () => {
    const user = await signUp(ctx.app);
    const enabled = await enableTwoFactor(ctx.app);
    const claims = claimsOf(user.token);
    const old = Date.now() - 21 * 60_000;
    const stale = await issueSessionToken({ ...(claims as unknown as SessionClaims), authTime: old }, { secret: JWT_SECRET, ttlSeconds: 3600 });
    const setup = await ctx.app.inject({ method: 'GET', url: '/auth/totp/setup', headers: bearer(stale) });
    expect(setup.statusCode).toBe(401);
    expect(setup.json()).toMatchObject({ code: 'recent_auth_required' });
    const secret = (await ctx.app.inject({ method: 'GET', url: '/auth/totp/setup', headers: bearer(user.token) })).body;
    const enable = await post('/auth/totp/verify', stale, { code: totpCode(secret) });
    expect(enable.statusCode).toBe(401);
    expect(enable.json()).toMatchObject({ code: 'recent_auth_required' });

    const staleEnabled = await issueSessionToken({ ...(claimsOf(enabled.passedToken) as unknown as SessionClaims), authTime: old }, { secret: JWT_SECRET, ttlSeconds: 3600 });
    const create = await post('/auth/v1/2fa-recover/create', staleEnabled, {});
    expect(create.statusCode).toBe(401);
    expect(create.json()).toMatchObject({ code: 'recent_auth_required' });
  });

  it('is not reachable with an API key', async () => {
    const user = await signUp(ctx.app);
    const key = await post('/api-key/user/full', user.token, { name: 'k', expiryDate: null });
    expect(key.statusCode, key.body).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/totp/setup', headers: bearer(key.json() as string) });
    expect(res.statusCode).toBe(401);
  });
});

describe('signing in with two-factor', () => {
  it('gives a pending token that opens only verify, recover and whoami', async () => {
    const user = await enableTwoFactor(ctx.app);
    const pending = await signIn(ctx.app, user);
    expect(claimsOf(pending)).toMatchObject({ twoFactorRequired: true });
    expect((await whoamiOf(ctx.app, pending)).status).toBe(200);
    for (const url of ['/v7/application', '/user/v1/refresh-token', '/auth/totp/setup', '/user/v1/whoami']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(pending) });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await post('/auth/v1/2fa-recover/create', pending, {})).statusCode).toBe(401);
    expect((await post('/api-key/user/full', pending, { name: 'x', expiryDate: null })).statusCode).toBe(401);
  });

  it('turns a pending token into a passed one with a TOTP code, keeping authTime', async () => {
    const user = await enableTwoFactor(ctx.app);
    const pending = await signIn(ctx.app, user);
    const res = await post('/auth/totp/verify', pending, { code: nextCode(user) });
    expect(res.statusCode, res.body).toBe(200);
    expect(claimsOf(res.body)).toMatchObject({ twoFactorRequired: false, authTime: claimsOf(pending).authTime });
    expect((await ctx.app.inject({ method: 'GET', url: '/v7/application', headers: bearer(res.body) })).statusCode).toBe(200);
    // Refreshing a passed session keeps it passed.
    const refreshed = await ctx.app.inject({ method: 'GET', url: '/user/v1/refresh-token', headers: bearer(res.body) });
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.body)).toMatchObject({ twoFactorRequired: false });
  });

  it('refuses a wrong code with 401 and never accepts the same code twice', async () => {
    const user = await enableTwoFactor(ctx.app);
    const pending = await signIn(ctx.app, user);
    const code = nextCode(user);
    const wrong = await post('/auth/totp/verify', pending, { code: code === '999999' ? '999998' : '999999' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_two_factor_code' });
    expect((await post('/auth/totp/verify', pending, { code })).statusCode).toBe(200);
    const replay = await post('/auth/totp/verify', await signIn(ctx.app, user), { code });
    expect(replay.statusCode).toBe(401);
    // The pairing code used when enabling is older than the last accepted one: refused too.
    const older = totpCode(user.secret, Date.now() - TOTP_PERIOD_SECONDS * 1000);
    expect((await post('/auth/totp/verify', pending, { code: older })).statusCode).toBe(401);
  });

  it('accepts each recovery code once, and only the latest set', async () => {
    const user = await enableTwoFactor(ctx.app);
    expect(user.recoveryCodes).toHaveLength(10);
    const [first, second] = user.recoveryCodes as [string, string];
    const pending = await signIn(ctx.app, user);
    const ok = await post('/auth/v1/2fa-recover/verify', pending, { code: first.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(claimsOf(ok.body)).toMatchObject({ twoFactorRequired: false });
    const reuse = await post('/auth/v1/2fa-recover/verify', await signIn(ctx.app, user), { code: first });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'invalid_recovery_code' });

    const regenerated = await post('/auth/v1/2fa-recover/create', ok.body, {});
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json() as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);
    expect((await post('/auth/v1/2fa-recover/verify', await signIn(ctx.app, user), { code: second })).statusCode).toBe(401);
    expect((await post('/auth/v1/2fa-recover/verify', await signIn(ctx.app, user), { code: fresh[0] })).statusCode).toBe(200);
  });

  it('rate-limits wrong codes per user with 429 and Retry-After', async () => {
    const user = await enableTwoFactor(ctx.app);
    const pending = await signIn(ctx.app, user);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const res = await post(i % 2 ? '/auth/totp/verify' : '/auth/v1/2fa-recover/verify', pending, { code: i % 2 ? 'abcdef' : 'nope-nope' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/auth/totp/verify', pending, { code: nextCode(user) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    const other = await enableTwoFactor(ctx.app);
    expect((await post('/auth/totp/verify', await signIn(ctx.app, other), { code: nextCode(other) })).statusCode).toBe(200);
  });

  it('evaluates at most the limit of wrong codes sent all at once; the rest get 429', async () => {
    const user = await enableTwoFactor(ctx.app);
    const pending = await signIn(ctx.app, user);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i % 2 ? '/auth/totp/verify' : '/auth/v1/2fa-recover/verify', pending, { code: i % 2 ? '000000' : `wrong-${i}` })),
    );
    const statuses = burst.map((r) => r.statusCode);
    const evaluated = statuses.filter((s) => s === 401).length;
    expect(evaluated).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - evaluated);
    // Racing requests may all be refused, never all admitted; the refused ones are not counted,
    // so the burst and the codes after it get exactly the limit between them.
    let after = 0;
    while (after <= MAX_ATTEMPTS && (await post('/auth/totp/verify', pending, { code: 'abcdef' })).statusCode === 401) after++;
    expect(evaluated + after).toBe(MAX_ATTEMPTS);
  });

  it('does not count a right code against the limit', async () => {
    const user = await enableTwoFactor(ctx.app);
    for (let i = 0; i < MAX_ATTEMPTS - 1; i++) expect((await post('/auth/totp/verify', await signIn(ctx.app, user), { code: 'abcdef' })).statusCode).toBe(401);
    expect((await post('/auth/totp/verify', await signIn(ctx.app, user), { code: nextCode(user) })).statusCode).toBe(200);
    // One wrong code is still left: the right one above was taken back.
    expect((await post('/auth/totp/verify', await signIn(ctx.app, user), { code: 'abcdef' })).statusCode).toBe(401);
    expect((await post('/auth/totp/verify', await signIn(ctx.app, user), { code: nextCode(user) })).statusCode).toBe(429);
  });
});

describe('disabling two-factor', () => {
  it('needs the password, then drops the claim, the secret and the recovery codes', async () => {
    const user = await enableTwoFactor(ctx.app);
    const bad = await post('/auth/totp/disable', user.passedToken, { password: 'wrong password' });
    expect(bad.statusCode).toBe(401);
    expect(claimsOf(await signIn(ctx.app, user))).toMatchObject({ twoFactorRequired: true });

    const ok = await post('/auth/totp/disable', user.passedToken, { password: user.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(claimsOf(ok.body)).not.toHaveProperty('twoFactorRequired');
    const token = await signIn(ctx.app, user);
    expect(claimsOf(token)).not.toHaveProperty('twoFactorRequired');
    expect((await post('/auth/v1/2fa-recover/verify', token, { code: user.recoveryCodes[0] })).statusCode).toBe(401);
    const rows = await ctx.database.db.selectFrom('recovery_code').select('id').where('user', '=', claimsOf(token).id as number).execute();
    expect(rows).toHaveLength(0);
    expect((await post('/auth/totp/disable', ok.body, { password: user.password })).statusCode).toBe(400);
  });

  it('refuses a pending token', async () => {
    const user = await enableTwoFactor(ctx.app);
    const res = await post('/auth/totp/disable', await signIn(ctx.app, user), { password: user.password });
    expect(res.statusCode).toBe(401);
  });
});
