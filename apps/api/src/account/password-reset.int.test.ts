import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { DEFAULT_LOGIN_RATE_LIMITS } from '../auth/login-rate-limit-config.ts';
import { bearer, signUp, uniqueEmail, whoamiOf } from '../auth/test-helpers.ts';
import { listLatestEmails } from '../email/outbox.repository.ts';
import { latestEmailTo, linkIn } from './test-mail.ts';
import { CAPTCHA_FAILED, INVALID_RESET_CODE } from './password.service.ts';
import { TWO_FACTOR_REQUIRED_FOR_RESET } from './reset-second-factor.ts';
import { claimsOf, enableTwoFactor, nextCode, signIn } from '../two-factor/two-factor.test-helpers.ts';
import { INVALID_TWO_FACTOR_CODE } from '../two-factor/two-factor.service.ts';
import { sendEmailChangeLink } from './email-verification.service.ts';

describe('forgotten password and reset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ publicUrl: 'https://dash.example.test' });
  });
  afterAll(() => ctx.close());

  let ipCounter = 0;
  const nextIp = () => `10.9.0.${++ipCounter}`;
  const request = (email: string, remoteAddress = nextIp(), extra: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/user/v1/password-reset/request', remoteAddress, payload: { email, 'g-recaptcha-response': 'dummy', ...extra } });
  const reset = (resetCode: string, password: string, remoteAddress = nextIp(), twoFactorCode?: string) =>
    ctx.app.inject({ method: 'POST', url: '/user/v1/password-reset', remoteAddress, payload: { resetCode, password, twoFactorCode } });
  const login = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/login_', remoteAddress: nextIp(), payload: { username, password } });
  const codeFor = async (email: string) => {
    const link = linkIn(await latestEmailTo(ctx.app.db, email));
    expect(link.pathname.startsWith('/user/reset-password/')).toBe(true);
    return decodeURIComponent(link.pathname.slice('/user/reset-password/'.length));
  };

  it('mails a reset link; the code sets a new password once and ends other sessions', async () => {
    const user = await signUp(ctx.app);
    const res = await request(user.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const mail = await latestEmailTo(ctx.app.db, user.email);
    expect(mail.kind).toBe('password-reset');
    expect(mail.text_body).toContain('expires in 60 minutes');
    const code = await codeFor(user.email);

    const done = await reset(code, 'a brand new secret');
    expect(done.statusCode, done.body).toBe(200);
    expect((await latestEmailTo(ctx.app.db, user.email)).kind).toBe('password-changed');
    expect((await whoamiOf(ctx.app, user.token)).status).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);

    const reused = await reset(code, 'yet another secret');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: INVALID_RESET_CODE, code: 'invalid_reset_code' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await request(email);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(await listLatestEmails(ctx.app.db, { to: email })).toEqual([]);
  });

  it('validates email, captcha and the new password (8 to 64)', async () => {
    expect((await request('not-an-email')).json().error).toBe('Invalid email address');
    expect((await ctx.app.inject({ method: 'POST', url: '/user/v1/password-reset/request', payload: {} })).json().error).toBe('email: email is required');
    const user = await signUp(ctx.app);
    await request(user.email);
    const code = await codeFor(user.email);
    expect((await reset(code, 'short')).json().error).toBe('Password must be at least 8 characters');
    expect((await reset(code, 'x'.repeat(65))).json().error).toBe('Password must be at most 64 characters');
    // The code was not spent by the refused attempts.
    expect((await reset(code, 'x'.repeat(64))).statusCode).toBe(200);
  });

  it('requires a captcha when a captcha secret is configured', async () => {
    const strict = await createTestApp({ captchaSecret: 'secret' });
    try {
      const res = await strict.app.inject({ method: 'POST', url: '/user/v1/password-reset/request', payload: { email: uniqueEmail() } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: CAPTCHA_FAILED, code: 'captcha_failed' });
    } finally {
      await strict.close();
    }
  });

  it('expired and superseded codes are refused; the hour-long lifetime is stored', async () => {
    const user = await signUp(ctx.app);
    await request(user.email);
    const first = await codeFor(user.email);
    await request(user.email);
    const second = await codeFor(user.email);
    expect((await reset(first, 'new password 1')).statusCode).toBe(400);
    const row = await ctx.app.db
      .selectFrom('user_action_token')
      .select(['created_at', 'expires_at'])
      .where('email', '=', user.email)
      .where('purpose', '=', 'password-reset')
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeGreaterThan(59 * 60_000);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThan(61 * 60_000);
    await ctx.app.db.updateTable('user_action_token').set({ expires_at: new Date(Date.now() - 1) }).where('email', '=', user.email).execute();
    expect((await reset(second, 'new password 2')).statusCode).toBe(400);
  });

  it('limits requests to 5 per address per hour (429 with Retry-After), whatever the client', async () => {
    const user = await signUp(ctx.app);
    for (let i = 0; i < 5; i++) expect((await request(user.email)).statusCode).toBe(200);
    const limited = await request(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests. Try again later', code: 'too_many_requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await listLatestEmails(ctx.app.db, { to: user.email, limit: 20 })).length).toBe(5);
  });

  it('mails at most 5 links from a burst of parallel requests for one address; the rest get 429', async () => {
    const user = await signUp(ctx.app);
    const burst = await Promise.all(Array.from({ length: 20 }, () => request(user.email)));
    const statuses = burst.map((r) => r.statusCode);
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - accepted);
    // Refused requests are not counted: the burst and the requests after it get 5 between them.
    let after = 0;
    while (after <= 5 && (await request(user.email)).statusCode === 200) after++;
    expect(accepted + after).toBe(5);
    expect((await listLatestEmails(ctx.app.db, { to: user.email, limit: 50 })).length).toBe(5);
  });

  it('limits requests to 20 per client address per hour, for known and unknown emails alike', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 20; i++) expect((await request(uniqueEmail(), ip)).statusCode).toBe(200);
    expect((await request(uniqueEmail(), ip)).statusCode).toBe(429);
  });

  it('limits wrong reset codes to 30 per client address per hour', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < 30; i++) expect((await reset(`wrong-${i}`, 'long enough', ip)).statusCode).toBe(400);
    expect((await reset('wrong', 'long enough', ip)).statusCode).toBe(429);
  });

  it('a reset link proves the address: the user counts as verified', async () => {
    const user = await signUp(ctx.app);
    await request(user.email);
    await reset(await codeFor(user.email), 'verified by reset');
    const token = (await login(user.email, 'verified by reset')).body;
    const status = await ctx.app.inject({ method: 'GET', url: '/user/v1/account-status', headers: bearer(token) });
    expect(status.json().is_verified).toBe(true);
  });

  it('a reset that first verifies the address takes the account back: the squatter\u2019s API keys and pending links stop working', async () => {
    // Someone signs up with the owner's address (not verified) and leaves a key and an email change behind.
    const squatter = await signUp(ctx.app, uniqueEmail('owner'));
    const key = (await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(squatter.token), payload: { name: 'kept', expiryDate: null } })).json() as string;
    expect((await whoamiOf(ctx.app, key)).status).toBe(200);
    const squatterMailbox = uniqueEmail('squatter');
    const userId = (await whoamiOf(ctx.app, squatter.token)).body.actorTypeId as number;
    await sendEmailChangeLink(ctx.app.db, ctx.app.config, userId, squatterMailbox);
    const change = linkIn(await latestEmailTo(ctx.app.db, squatterMailbox));

    // The owner resets the password from their mailbox.
    await request(squatter.email);
    expect((await reset(await codeFor(squatter.email), 'the owner chose this')).statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, key)).status).toBe(401);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/user/v1/verify-email',
      remoteAddress: nextIp(),
      payload: { verificationToken: change.searchParams.get('token'), email: change.searchParams.get('email') },
    });
    expect(moved.statusCode).toBe(400);
    const owner = (await login(squatter.email, 'the owner chose this')).body;
    expect((await whoamiOf(ctx.app, owner)).body.email).toBe(squatter.email);

    // Once verified, a reset is only a forgotten password: the owner's own keys stay.
    const own = (await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(owner), payload: { name: 'own', expiryDate: null } })).json() as string;
    await request(squatter.email);
    expect((await reset(await codeFor(squatter.email), 'forgot it again')).statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, own)).status).toBe(200);
  });

  describe('with two-factor authentication on (accounts §7: 400 with a 2FA-required code)', () => {
    /** A verified account with two-factor on: its reset needs the second factor. */
    const verifiedWithTwoFactor = async (app = ctx.app) => {
      const user = await enableTwoFactor(app);
      await app.db.updateTable('user').set({ is_verified: true }).where('email', '=', user.email).execute();
      return user;
    };

    it("a squatter's second factor does not block the owner: a reset that first verifies the address clears it (and the squatter's sessions and keys)", async () => {
      // Someone signs up with the owner's address (never verified) and turns two-factor on.
      const squatter = await enableTwoFactor(ctx.app);
      const key = (await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(squatter.passedToken), payload: { name: 'kept', expiryDate: null } })).json() as string;
      expect((await whoamiOf(ctx.app, key)).status).toBe(200);
      await request(squatter.email);
      const done = await reset(await codeFor(squatter.email), 'the real owner');
      expect(done.statusCode, done.body).toBe(200);
      // Signed in with the new password alone: no second step, the squatter's authenticator is gone.
      const signedIn = await login(squatter.email, 'the real owner');
      expect(signedIn.statusCode).toBe(200);
      expect(claimsOf(signedIn.body).twoFactorRequired).toBeFalsy();
      const row = await ctx.app.db.selectFrom('user').select(['is_2fa_enabled', 'totp_secret', 'is_verified']).where('email', '=', squatter.email).executeTakeFirstOrThrow();
      expect(row).toEqual({ is_2fa_enabled: false, totp_secret: null, is_verified: true });
      expect(await ctx.app.db.selectFrom('recovery_code').select('id').where('user', '=', (await whoamiOf(ctx.app, signedIn.body)).body.actorTypeId as number).execute()).toEqual([]);
      // The squatter's sessions and keys end.
      expect((await whoamiOf(ctx.app, squatter.passedToken)).status).toBe(401);
      expect((await whoamiOf(ctx.app, key)).status).toBe(401);
    });

    it('asks for the second factor without spending the link, refuses a wrong code, then resets with a TOTP code', async () => {
      const user = await verifiedWithTwoFactor();
      await request(user.email);
      const code = await codeFor(user.email);

      const missing = await reset(code, 'reset behind 2fa');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: TWO_FACTOR_REQUIRED_FOR_RESET, code: 'two_factor_required' });
      const wrong = await reset(code, 'reset behind 2fa', nextIp(), '000000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error: INVALID_TWO_FACTOR_CODE, code: 'invalid_two_factor_code' });
      // Nothing changed so far: the old password still signs in.
      expect((await login(user.email, user.password)).statusCode).toBe(200);

      const totp = nextCode(user);
      const done = await reset(code, 'reset behind 2fa', nextIp(), totp);
      expect(done.statusCode, done.body).toBe(200);
      // Two-factor stays on: the new password alone gives a pending session.
      const signedIn = await login(user.email, 'reset behind 2fa');
      expect(signedIn.statusCode).toBe(200);
      expect(claimsOf(signedIn.body).twoFactorRequired).toBe(true);

      // The TOTP step is spent: the same code cannot be replayed on a fresh link.
      await request(user.email);
      const again = await codeFor(user.email);
      expect((await reset(again, 'another new secret', nextIp(), totp)).json()).toMatchObject({ code: 'invalid_two_factor_code' });
    });

    it('accepts a recovery code once', async () => {
      const user = await verifiedWithTwoFactor();
      const [recovery] = user.recoveryCodes as [string];
      await request(user.email);
      const first = await codeFor(user.email);
      expect((await reset(first, 'recovered password', nextIp(), ` ${recovery.toUpperCase()} `)).statusCode).toBe(200);
      expect((await login(user.email, 'recovered password')).statusCode).toBe(200);

      await request(user.email);
      const second = await codeFor(user.email);
      const reused = await reset(second, 'second new password', nextIp(), recovery);
      expect(reused.json()).toMatchObject({ code: 'invalid_two_factor_code' });
      const recover = await ctx.app.inject({ method: 'POST', url: '/auth/v1/2fa-recover/verify', headers: bearer((await login(user.email, 'recovered password')).body), payload: { code: recovery } });
      expect(recover.statusCode).toBe(401);
    });

    it('limits wrong second-factor codes per user (429), apart from the sign-in challenge', async () => {
      const strict = await createTestApp({ loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMITS, secondFactor: { max: 3, windowMs: 3600_000 } } });
      try {
        const user = await verifiedWithTwoFactor(strict.app);
        await strict.app.inject({ method: 'POST', url: '/user/v1/password-reset/request', payload: { email: user.email, 'g-recaptcha-response': 'dummy' } });
        const link = linkIn(await latestEmailTo(strict.app.db, user.email));
        const code = decodeURIComponent(link.pathname.slice('/user/reset-password/'.length));
        const attempt = (twoFactorCode: string) =>
          strict.app.inject({ method: 'POST', url: '/user/v1/password-reset', payload: { resetCode: code, password: 'long enough', twoFactorCode } });
        for (let i = 0; i < 3; i++) expect((await attempt('111111')).statusCode).toBe(400);
        const limited = await attempt(nextCode(user));
        expect(limited.statusCode).toBe(429);
        expect(limited.headers['retry-after']).toMatch(/^\d+$/);
        // A reset-link holder cannot use up the owner's sign-in challenge.
        const pending = await signIn(strict.app, user);
        const challenge = await strict.app.inject({ method: 'POST', url: '/auth/v1/2fa-recover/verify', headers: bearer(pending), payload: { code: user.recoveryCodes[0] } });
        expect(challenge.statusCode).toBe(200);
      } finally {
        await strict.close();
      }
    });

    it("ends the sign-in challenge's lockout: after a reset the owner gets in with the new password and a code at once", async () => {
      const strict = await createTestApp({ loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMITS, secondFactor: { max: 3, windowMs: 3600_000 } } });
      try {
        const user = await verifiedWithTwoFactor(strict.app);
        const verify = (token: string, code: string) => strict.app.inject({ method: 'POST', url: '/auth/totp/verify', headers: bearer(token), payload: { code } });
        // Whoever stole the password burns the sign-in challenge.
        const stolen = await signIn(strict.app, user);
        for (let i = 0; i < 3; i++) expect((await verify(stolen, '111111')).json()).toMatchObject({ code: 'invalid_two_factor_code' });
        expect((await verify(stolen, '111111')).statusCode).toBe(429);
        // The owner resets the password, second factor included ...
        await strict.app.inject({ method: 'POST', url: '/user/v1/password-reset/request', payload: { email: user.email, 'g-recaptcha-response': 'dummy' } });
        const resetCode = decodeURIComponent(linkIn(await latestEmailTo(strict.app.db, user.email)).pathname.slice('/user/reset-password/'.length));
        const done = await strict.app.inject({ method: 'POST', url: '/user/v1/password-reset', payload: { resetCode, password: 'owner again', twoFactorCode: nextCode(user) } });
        expect(done.statusCode, done.body).toBe(200);
        // ... and the new password with the next code signs in.
        const pending = await signIn(strict.app, { ...user, password: 'owner again' });
        const passed = await verify(pending, nextCode(user));
        expect(passed.statusCode, passed.body).toBe(200);
        expect(claimsOf(passed.body)).toMatchObject({ twoFactorRequired: false });
      } finally {
        await strict.close();
      }
    });

    it('checks at most the limit of second-factor codes sent all at once; the rest get 429', async () => {
      const strict = await createTestApp({ loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMITS, secondFactor: { max: 3, windowMs: 3600_000 } } });
      try {
        const user = await verifiedWithTwoFactor(strict.app);
        await strict.app.inject({ method: 'POST', url: '/user/v1/password-reset/request', payload: { email: user.email, 'g-recaptcha-response': 'dummy' } });
        const code = decodeURIComponent(linkIn(await latestEmailTo(strict.app.db, user.email)).pathname.slice('/user/reset-password/'.length));
        const burst = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            strict.app.inject({ method: 'POST', url: '/user/v1/password-reset', payload: { resetCode: code, password: 'long enough', twoFactorCode: i % 2 ? '111111' : `wrong-recovery-${i}` } }),
          ),
        );
        const statuses = burst.map((r) => r.statusCode);
        const checked = statuses.filter((s) => s === 400).length;
        expect(checked).toBeLessThanOrEqual(3);
        expect(statuses.filter((s) => s === 429)).toHaveLength(30 - checked);
        let after = 0;
        const wrong = () => strict.app.inject({ method: 'POST', url: '/user/v1/password-reset', payload: { resetCode: code, password: 'long enough', twoFactorCode: '111111' } });
        while (after <= 3 && (await wrong()).statusCode === 400) after++;
        expect(checked + after).toBe(3);
      } finally {
        await strict.close();
      }
    });

    it('does not ask users without two-factor for a code, and ignores one sent anyway', async () => {
      const user = await signUp(ctx.app);
      await request(user.email);
      expect((await reset(await codeFor(user.email), 'no second factor', nextIp(), '123456')).statusCode).toBe(200);
    });
  });
});
