import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp, uniqueEmail } from '../auth/test-helpers.ts';
import { listLatestEmails } from '../email/outbox.repository.ts';
import { latestEmailTo, linkIn } from './test-mail.ts';
import { ALREADY_VERIFIED, INVALID_VERIFICATION_LINK } from './email-verification.service.ts';

describe('email verification (verification required)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ requireEmailVerification: true, publicUrl: 'https://dash.example.test/' });
  });
  afterAll(() => ctx.close());

  const status = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/user/v1/account-status', headers: bearer(token) })).json();
  const verify = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/user/v1/verify-email', payload });

  it('sign-up flags the user and mails a single-use link that verifies the address', async () => {
    const user = await signUp(ctx.app);
    expect(await status(user.token)).toEqual({ email: user.email, must_be_verified: true, is_verified: false, has_password_set: true });
    const mail = await latestEmailTo(ctx.app.db, user.email);
    expect(mail.kind).toBe('verify-email');
    expect(mail.subject).toBe('Verify your email address');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://dash.example.test/user/verify-email');
    expect(link.searchParams.get('email')).toBe(user.email);
    const token = link.searchParams.get('token') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const ok = await verify({ verificationToken: token, email: user.email });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await status(user.token)).toEqual({ email: user.email, must_be_verified: true, is_verified: true, has_password_set: true });
    // Single use.
    const again = await verify({ verificationToken: token, email: user.email });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: INVALID_VERIFICATION_LINK, code: 'invalid_verification_link' });
  });

  it('only the sha256 of the token is stored', async () => {
    const user = await signUp(ctx.app);
    const token = linkIn(await latestEmailTo(ctx.app.db, user.email)).searchParams.get('token') as string;
    const rows = await ctx.app.db.selectFrom('user_action_token').select('token_hash').where('email', '=', user.email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it('refuses a link for another email, an unknown token and an expired token', async () => {
    const user = await signUp(ctx.app);
    const token = linkIn(await latestEmailTo(ctx.app.db, user.email)).searchParams.get('token') as string;
    expect((await verify({ verificationToken: token, email: uniqueEmail() })).statusCode).toBe(400);
    expect((await verify({ verificationToken: 'x'.repeat(43), email: user.email })).statusCode).toBe(400);
    await ctx.app.db.updateTable('user_action_token').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', user.email).execute();
    const expired = await verify({ verificationToken: token, email: user.email });
    expect(expired.json()).toMatchObject({ error: INVALID_VERIFICATION_LINK });
    expect((await status(user.token)).is_verified).toBe(false);
  });

  it('verification link expires after 24 hours', async () => {
    const user = await signUp(ctx.app);
    const row = await ctx.app.db.selectFrom('user_action_token').select(['created_at', 'expires_at']).where('email', '=', user.email).executeTakeFirstOrThrow();
    const hours = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
  });

  it('resend mails a new link and voids the previous one; 5 per hour, then 429', async () => {
    const user = await signUp(ctx.app);
    const first = linkIn(await latestEmailTo(ctx.app.db, user.email)).searchParams.get('token') as string;
    const res = await ctx.app.inject({ method: 'POST', url: '/user/v1/resend-verification-email', headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    const second = linkIn(await latestEmailTo(ctx.app.db, user.email)).searchParams.get('token') as string;
    expect(second).not.toBe(first);
    expect((await verify({ verificationToken: first, email: user.email })).statusCode).toBe(400);
    for (let i = 0; i < 4; i++) {
      expect((await ctx.app.inject({ method: 'POST', url: '/user/v1/resend-verification-email', headers: bearer(user.token) })).statusCode).toBe(200);
    }
    const limited = await ctx.app.inject({ method: 'POST', url: '/user/v1/resend-verification-email', headers: bearer(user.token) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Too Many Requests. Try again later');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await listLatestEmails(ctx.app.db, { to: user.email, limit: 50 })).length).toBe(6);
  });

  it('resend is refused once verified, and needs a signed-in user', async () => {
    const user = await signUp(ctx.app);
    const token = linkIn(await latestEmailTo(ctx.app.db, user.email)).searchParams.get('token') as string;
    await verify({ verificationToken: token, email: user.email });
    const res = await ctx.app.inject({ method: 'POST', url: '/user/v1/resend-verification-email', headers: bearer(user.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ALREADY_VERIFIED, code: 'already_verified' });
    expect((await ctx.app.inject({ method: 'POST', url: '/user/v1/resend-verification-email' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/user/v1/account-status' })).statusCode).toBe(401);
  });

  it('rejects a body without token or email with a field message', async () => {
    const res = await verify({ email: 'a@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('verificationToken: verificationToken is required');
  });
});

describe('email verification (not required: no SMTP)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('does not hold new users and sends no mail', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/user/v1/account-status', headers: bearer(user.token) });
    expect(res.json()).toEqual({ email: user.email, must_be_verified: false, is_verified: false, has_password_set: true });
    expect(await listLatestEmails(ctx.app.db, { to: user.email })).toEqual([]);
  });
});
