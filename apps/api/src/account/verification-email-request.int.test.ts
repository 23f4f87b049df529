import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp } from '../auth/test-helpers.ts';
import { listLatestEmails } from '../email/outbox.repository.ts';
import { latestEmailTo, linkIn } from './test-mail.ts';
import { ALREADY_VERIFIED } from './email-verification.service.ts';

/** balena-sdk auth.requestVerificationEmail(): PATCH /v7/user(<id>) {"has_been_sent_verification_email": true}. */
describe('requesting a verification email through the user resource', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ requireEmailVerification: true });
  });
  afterAll(() => ctx.close());

  const userId = async (email: string) => (await ctx.app.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id as number;
  const patch = (token: string, id: number, body: unknown) => ctx.app.inject({ method: 'PATCH', url: `/v7/user(${id})`, headers: bearer(token), payload: body as object });

  it('mails a new link (the old one stops working) and records the flag', async () => {
    const user = await signUp(ctx.app);
    const first = linkIn(await latestEmailTo(ctx.app.db, user.email)).searchParams.get('token');
    const res = await patch(user.token, await userId(user.email), { has_been_sent_verification_email: true });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await listLatestEmails(ctx.app.db, { to: user.email, limit: 10 });
    expect(mails.map((m) => m.kind)).toEqual(['verify-email', 'verify-email']);
    expect(linkIn(mails[0]!).searchParams.get('token')).not.toBe(first);
    const old = await ctx.app.inject({ method: 'POST', url: '/user/v1/verify-email', payload: { verificationToken: first, email: user.email } });
    expect(old.statusCode).toBe(400);
    const row = await ctx.app.db.selectFrom('user').select('has_been_sent_verification_email').where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row.has_been_sent_verification_email).toBe(true);
  });

  it("does nothing to another user's row and refuses once verified", async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    // Not a row the caller can see: 404, and no email.
    const res = await patch(user.token, await userId(other.email), { has_been_sent_verification_email: true });
    expect(res.statusCode).toBe(404);
    expect(await listLatestEmails(ctx.app.db, { to: other.email, limit: 10 })).toHaveLength(1);
    expect(await listLatestEmails(ctx.app.db, { to: user.email, limit: 10 })).toHaveLength(1);

    await ctx.app.db.updateTable('user').set({ is_verified: true }).where('email', '=', user.email).execute();
    const verified = await patch(user.token, await userId(user.email), { has_been_sent_verification_email: true });
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toMatchObject({ error: ALREADY_VERIFIED });
    expect((await patch(user.token, await userId(user.email), { has_been_sent_verification_email: false })).statusCode).toBe(400);
    // No other user field became writable.
    expect((await patch(user.token, await userId(user.email), { username: 'someone_else' })).statusCode).toBe(400);
  });
});
