import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp, whoamiOf, type TestUser } from '../auth/test-helpers.ts';
import { issueSessionToken, type SessionClaims } from '../auth/tokens.ts';
import { CURRENT_PASSWORD_REQUIRED, INVALID_PASSWORD } from './password.service.ts';
import { latestEmailTo } from './test-mail.ts';

describe('PATCH /user/password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  let ipCounter = 0;
  const change = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: '/user/password', headers: bearer(token), remoteAddress: `10.6.0.${++ipCounter}`, payload });
  const login = (username: string, password: string) => ctx.app.inject({ method: 'POST', url: '/login_', payload: { username, password } });
  const staleToken = async (user: TestUser) => {
    const claims = decodeJwt(user.token) as unknown as SessionClaims;
    return issueSessionToken({ ...claims, authTime: Date.now() - 21 * 60_000 }, { secret: ctx.app.config.jwtSecret, ttlSeconds: 3600 });
  };

  it('returns a new token; the old password stops working and other sessions end', async () => {
    const user = await signUp(ctx.app);
    const other = (await login(user.email, user.password)).body;
    const res = await change(user.token, { currentPassword: user.password, password: 'the new password' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const notice = await latestEmailTo(ctx.app.db, user.email);
    expect(notice).toMatchObject({ kind: 'password-changed', subject: 'Your password was changed' });
    expect((await whoamiOf(ctx.app, res.body)).status).toBe(200);
    expect((await whoamiOf(ctx.app, other)).status).toBe(401);
    expect((await whoamiOf(ctx.app, user.token)).status).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'the new password')).statusCode).toBe(200);
  });

  it('requires the current password when one is set, and refuses a wrong one', async () => {
    const user = await signUp(ctx.app);
    const missing = await change(user.token, { password: 'the new password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: CURRENT_PASSWORD_REQUIRED, code: 'current_password_required' });
    const wrong = await change(user.token, { currentPassword: 'not the password', password: 'the new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: INVALID_PASSWORD, code: 'invalid_password' });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('checks the new password length (8 to 64)', async () => {
    const user = await signUp(ctx.app);
    expect((await change(user.token, { currentPassword: user.password, password: 'short' })).json().error).toBe('Password must be at least 8 characters');
    expect((await change(user.token, { currentPassword: user.password, password: 'y'.repeat(65) })).json().error).toBe('Password must be at most 64 characters');
  });

  it('lets a user without a password (social or SAML sign-in) set one', async () => {
    const user = await signUp(ctx.app);
    await ctx.app.db.updateTable('user').set({ password_hash: null, has_password_set: false }).where('email', '=', user.email).execute();
    const before = await ctx.app.inject({ method: 'GET', url: '/user/v1/account-status', headers: bearer(user.token) });
    expect(before.json().has_password_set).toBe(false);
    const res = await change(user.token, { password: 'first password' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await ctx.app.db.selectFrom('user').select('has_password_set').where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row.has_password_set).toBe(true);
    expect((await login(user.email, 'first password')).statusCode).toBe(200);
  });

  it('keeps a passed second factor in the new token of a 2FA user', async () => {
    const user = await signUp(ctx.app);
    await ctx.app.db.updateTable('user').set({ is_2fa_enabled: true }).where('email', '=', user.email).execute();
    const res = await change(user.token, { currentPassword: user.password, password: 'the new password' });
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeJwt(res.body).twoFactorRequired).toBe(false);
    expect((await whoamiOf(ctx.app, res.body)).status).toBe(200);
  });

  it('needs a recent authentication (20 minutes), answered like API key creation', async () => {
    const user = await signUp(ctx.app);
    const res = await change(await staleToken(user), { currentPassword: user.password, password: 'the new password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'This action requires you to have been recently authenticated', code: 'recent_auth_required' });
  });

  it('wrong current passwords count toward the sign-in limit of the account and address', async () => {
    const user = await signUp(ctx.app);
    const from = (remoteAddress: string, currentPassword: string) =>
      ctx.app.inject({ method: 'PATCH', url: '/user/password', headers: bearer(user.token), remoteAddress, payload: { currentPassword, password: 'the new password' } });
    for (let i = 0; i < 10; i++) expect((await from('10.6.1.1', `wrong ${i}`)).statusCode).toBe(400);
    expect((await from('10.6.1.1', user.password)).statusCode).toBe(429);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/login_', remoteAddress: '10.6.1.1', payload: { username: user.email, password: user.password } });
    expect(signIn.statusCode).toBe(429);
    // Another address of the same user is not held by them.
    expect((await from('10.6.1.2', user.password)).statusCode).toBe(200);
  });

  it('is refused to anonymous callers', async () => {
    expect((await ctx.app.inject({ method: 'PATCH', url: '/user/password', payload: { password: 'whatever1' } })).statusCode).toBe(401);
  });
});
