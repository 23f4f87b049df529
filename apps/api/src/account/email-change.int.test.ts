import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp, uniqueEmail, whoamiOf } from '../auth/test-helpers.ts';
import { issueSessionToken, type SessionClaims } from '../auth/tokens.ts';
import { listLatestEmails } from '../email/outbox.repository.ts';
import { latestEmailTo, linkIn } from './test-mail.ts';
import { INVALID_PASSWORD } from './password.service.ts';
import { EMAIL_TAKEN } from './email-verification.service.ts';

const changeEmail = (ctx: TestContext, token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/user/email', headers: bearer(token), payload });

describe('PATCH /user/email without verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('changes the address at once and returns a token carrying it', async () => {
    const user = await signUp(ctx.app);
    const email = uniqueEmail('moved');
    const res = await changeEmail(ctx, user.token, { email: email.toUpperCase(), password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((decodeJwt(res.body) as { email: string }).email).toBe(email);
    expect((await whoamiOf(ctx.app, res.body)).body.email).toBe(email);
    const notice = await latestEmailTo(ctx.app.db, user.email);
    expect(notice.kind).toBe('email-changed');
    expect(notice.text_body).toContain(email);
    const login = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: email, password: user.password } });
    expect(login.statusCode).toBe(200);
  });

  it('requires the right password, a valid and free address, and a recent sign-in', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const wrong = await changeEmail(ctx, user.token, { email: uniqueEmail(), password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: INVALID_PASSWORD });
    expect((await changeEmail(ctx, user.token, { email: uniqueEmail() })).json()).toMatchObject({ error: 'Password is required' });
    expect((await changeEmail(ctx, user.token, { email: 'nope', password: user.password })).json().error).toBe('Invalid email address');
    const taken = await changeEmail(ctx, user.token, { email: other.email, password: user.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: EMAIL_TAKEN });
    const claims = decodeJwt(user.token) as unknown as SessionClaims;
    const stale = await issueSessionToken({ ...claims, authTime: Date.now() - 21 * 60_000 }, { secret: ctx.app.config.jwtSecret, ttlSeconds: 3600 });
    const old = await changeEmail(ctx, stale, { email: uniqueEmail(), password: user.password });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('recent_auth_required');
    expect((await whoamiOf(ctx.app, user.token)).body.email).toBe(user.email);
  });
});

describe('PATCH /user/email with verification required', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ requireEmailVerification: true });
  });
  afterAll(() => ctx.close());

  it('answers with an empty body and changes the address only once the link is followed', async () => {
    const user = await signUp(ctx.app);
    const email = uniqueEmail('pending');
    const res = await changeEmail(ctx, user.token, { email, password: user.password });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await whoamiOf(ctx.app, user.token)).body.email).toBe(user.email);
    const mail = await latestEmailTo(ctx.app.db, email);
    expect(mail.kind).toBe('change-email');
    const link = linkIn(mail);
    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/user/v1/verify-email',
      payload: { verificationToken: link.searchParams.get('token'), email: link.searchParams.get('email') },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const status = await ctx.app.inject({ method: 'GET', url: '/user/v1/account-status', headers: bearer(user.token) });
    expect(status.json()).toMatchObject({ email, is_verified: true });
    expect((await latestEmailTo(ctx.app.db, user.email)).kind).toBe('email-changed');
  });

  it('an unchanged address needs no link', async () => {
    const user = await signUp(ctx.app);
    const before = (await listLatestEmails(ctx.app.db, { to: user.email, limit: 10 })).length;
    const res = await changeEmail(ctx, user.token, { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect((await listLatestEmails(ctx.app.db, { to: user.email, limit: 10 })).length).toBe(before);
  });
});
