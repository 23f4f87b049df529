import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp } from '../auth/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function getProfile(token: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/user/profile', headers: bearer(token) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function patchProfile(token: string, payload: unknown) {
  return ctx.app.inject({ method: 'PATCH', url: '/user/profile', headers: bearer(token), payload: payload as object });
}

describe('GET /user/profile', () => {
  it("answers the caller's own profile fields after sign-up", async () => {
    const user = await signUp(ctx.app);
    const { status, body } = await getProfile(user.token);
    expect(status).toBe(200);
    expect(body).toEqual({
      email: user.email,
      first_name: null,
      last_name: null,
      company: null,
      account_type: null,
      has_password_set: true,
      has_disabled_newsletter: false,
      is_platform_admin: false,
      is_support_agent: false,
      has_password_over_limit: false,
    });
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/user/profile' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /user/profile', () => {
  it('stores first and last name, account type and company, trimmed', async () => {
    const user = await signUp(ctx.app);
    const res = await patchProfile(user.token, { first_name: ' Ada ', last_name: 'Lovelace', account_type: 'professional', company: ' Acme ' });
    expect(res.statusCode, res.body).toBe(200);
    const { body } = await getProfile(user.token);
    expect(body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', account_type: 'professional', company: 'Acme' });
  });

  it('stores an empty company as null and the newsletter opt-out', async () => {
    const user = await signUp(ctx.app);
    await patchProfile(user.token, { company: 'Acme' });
    const res = await patchProfile(user.token, { company: '  ', has_disabled_newsletter: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company: null, has_disabled_newsletter: true });
  });

  it.each([
    [{ first_name: '   ' }, 'first_name: First name is required'],
    [{ last_name: '' }, 'last_name: Last name is required'],
    [{ account_type: 'business' }, 'account_type: Account type must be personal or professional'],
    [{ account_type: '' }, 'account_type: Account type must be personal or professional'],
  ])('rejects %j with a field error and changes nothing', async (payload, message) => {
    const user = await signUp(ctx.app);
    await patchProfile(user.token, { first_name: 'Ada', last_name: 'Lovelace', account_type: 'personal' });
    const res = await patchProfile(user.token, { company: 'Changed', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    const { body } = await getProfile(user.token);
    expect(body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', account_type: 'personal', company: null });
  });

  it('refuses fields that are not profile fields (no email or flag changes here)', async () => {
    const user = await signUp(ctx.app);
    const res = await patchProfile(user.token, { email: 'other@example.com' });
    expect(res.statusCode).toBe(400);
    expect((await getProfile(user.token)).body.email).toBe(user.email);
  });

  it("changes only the caller's profile", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    await patchProfile(alice.token, { first_name: 'Alice' });
    expect((await getProfile(bob.token)).body.first_name).toBeNull();
    expect((await getProfile(alice.token)).body.first_name).toBe('Alice');
  });
});
