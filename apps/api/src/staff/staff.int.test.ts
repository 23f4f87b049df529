import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, createFleet, grantFleetRole, signUp, whoamiOf, type TestUser } from '../auth/test-helpers.ts';
import { hashPassword } from '../auth/password.ts';
import { NOT_WHILE_LOGGED_IN_AS } from '../auth/guards.ts';
import { enableTwoFactor } from '../two-factor/two-factor.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

function userIdOf(user: TestUser): number {
  return decodeJwt(user.token).id as number;
}

function usernameOf(user: TestUser): string {
  return decodeJwt(user.token).username as string;
}

async function makeAdmin(user: TestUser): Promise<void> {
  await ctx.app.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', userIdOf(user)).execute();
}

function loginAs(token: string, payload: unknown) {
  return ctx.app.inject({ method: 'PATCH', url: '/login_', headers: bearer(token), payload: payload as object });
}

async function profileOf(token: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/user/profile', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

describe('PATCH /login_ (login as user)', () => {
  it('gives a platform admin a session of the target that carries actualUser', async () => {
    const admin = await signUp(ctx.app);
    const target = await signUp(ctx.app);
    await makeAdmin(admin);
    const res = await loginAs(admin.token, { username: usernameOf(target) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const claims = decodeJwt(res.body);
    expect(claims).toMatchObject({ id: userIdOf(target), username: usernameOf(target), actualUser: userIdOf(admin) });
    const me = await whoamiOf(ctx.app, res.body);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ actorType: 'user', actorTypeId: userIdOf(target), username: usernameOf(target), email: target.email });
  });

  it('keeps actualUser when the login-as session is refreshed', async () => {
    const admin = await signUp(ctx.app);
    const target = await signUp(ctx.app);
    await makeAdmin(admin);
    const asTarget = (await loginAs(admin.token, { username: usernameOf(target) })).body;
    const refreshed = await ctx.app.inject({ method: 'GET', url: '/user/v1/refresh-token', headers: bearer(asTarget) });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.body)).toMatchObject({ id: userIdOf(target), actualUser: userIdOf(admin) });
  });

  it('refuses a user who is not a platform admin, and issues nothing', async () => {
    const user = await signUp(ctx.app);
    const target = await signUp(ctx.app);
    await ctx.app.db.updateTable('user').set({ is_support_agent: true }).where('id', '=', userIdOf(user)).execute();
    const res = await loginAs(user.token, { username: usernameOf(target) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Only platform admins can log in as another user' });
  });

  it('refuses anonymous callers', async () => {
    const target = await signUp(ctx.app);
    const anonymous = await ctx.app.inject({ method: 'PATCH', url: '/login_', payload: { username: usernameOf(target) } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an unknown username and 400 without one', async () => {
    const admin = await signUp(ctx.app);
    await makeAdmin(admin);
    expect((await loginAs(admin.token, { username: 'nobody_by_this_name' })).statusCode).toBe(404);
    expect((await loginAs(admin.token, {})).statusCode).toBe(400);
  });

  it('leaves password sign-in (POST /login_) working', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.body).actualUser).toBeUndefined();
  });
});

describe('a login-as-user session', () => {
  it('cannot leave lasting credentials on the account: no API keys, no 2FA changes, no email or password change', async () => {
    const admin = await signUp(ctx.app);
    await makeAdmin(admin);
    const withTwoFactor = await enableTwoFactor(ctx.app);
    const plain = await signUp(ctx.app);
    const as = async (target: TestUser) => (await loginAs(admin.token, { username: usernameOf(target) })).body;
    const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => ctx.app.inject({ method, url, headers: bearer(token), payload });
    const refused = { error: NOT_WHILE_LOGGED_IN_AS, code: 'logged_in_as_user' };

    const asPlain = await as(plain);
    const asTwoFactor = await as(withTwoFactor);
    const attempts = [
      [asPlain, 'POST', '/api-key/user/full', { name: 'left behind', expiryDate: null }],
      [asPlain, 'POST', '/api-key/v2/', { actorType: 'user', actorTypeId: userIdOf(plain), name: 'left behind', expiryDate: null }],
      [asPlain, 'GET', '/auth/totp/setup', undefined],
      [asPlain, 'POST', '/auth/totp/verify', { code: '123456' }],
      [asTwoFactor, 'POST', '/auth/totp/disable', { password: withTwoFactor.password }],
      [asTwoFactor, 'POST', '/auth/v1/2fa-recover/create', undefined],
      [asPlain, 'PATCH', '/user/password', { currentPassword: plain.password, password: 'chosen by the admin' }],
      [asPlain, 'PATCH', '/user/email', { email: `moved.${userIdOf(plain)}@example.com`, password: plain.password }],
    ] as const;
    for (const [token, method, url, payload] of attempts) {
      const res = await call(token, method, url, payload);
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, refused]);
    }

    // Nothing changed: no key, 2FA and its codes as they were, same email and password.
    const keys = await ctx.app.db.selectFrom('api_key as k').innerJoin('user as u', 'u.actor', 'k.is_of__actor').select('k.id').where('u.id', '=', userIdOf(plain)).execute();
    expect(keys).toEqual([]);
    const twoFactorOf = (user: TestUser) =>
      ctx.app.db.selectFrom('user').select(['is_2fa_enabled', 'totp_pending_secret']).where('id', '=', userIdOf(user)).executeTakeFirstOrThrow();
    expect(await twoFactorOf(plain)).toEqual({ is_2fa_enabled: false, totp_pending_secret: null });
    expect(await twoFactorOf(withTwoFactor)).toEqual({ is_2fa_enabled: true, totp_pending_secret: null });
    const recover = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: plain.email, password: plain.password } });
    expect(recover.statusCode).toBe(200);
    expect((await profileOf(recover.body)).email).toBe(plain.email);
    // The owner, and the admin on their own account, still can.
    expect((await call(plain.token, 'POST', '/api-key/user/full', { name: 'own', expiryDate: null })).statusCode).toBe(200);
    expect((await call(admin.token, 'POST', '/api-key/user/full', { name: 'own', expiryDate: null })).statusCode).toBe(200);
  });
});

describe('a login-as-user session outliving its admin', () => {
  it('ends once its admin is no longer a platform admin or has its sign-ins revoked; the target\'s own session is untouched', async () => {
    const admin = await signUp(ctx.app);
    const target = await signUp(ctx.app);
    await makeAdmin(admin);
    const asTarget = (await loginAs(admin.token, { username: usernameOf(target) })).body;
    const refreshed = (await ctx.app.inject({ method: 'GET', url: '/user/v1/refresh-token', headers: bearer(asTarget) })).body;
    expect((await whoamiOf(ctx.app, asTarget)).status).toBe(200);
    expect((await whoamiOf(ctx.app, refreshed)).status).toBe(200);

    await ctx.app.db.updateTable('user').set({ is_platform_admin: false }).where('id', '=', userIdOf(admin)).execute();
    for (const token of [asTarget, refreshed]) {
      expect((await whoamiOf(ctx.app, token)).status).toBe(401);
      const again = await ctx.app.inject({ method: 'GET', url: '/user/v1/refresh-token', headers: bearer(token) });
      expect(again.statusCode).toBe(401);
      const fleets = await ctx.app.inject({ method: 'GET', url: '/v7/application?$select=id', headers: bearer(token) });
      expect(fleets.statusCode).toBe(401);
    }
    expect((await whoamiOf(ctx.app, target.token)).status).toBe(200);
    expect((await whoamiOf(ctx.app, admin.token)).status).toBe(200);

    // Made admin again, then the admin logs out their other sessions: the sessions they opened as others end too.
    await makeAdmin(admin);
    const second = (await loginAs(admin.token, { username: usernameOf(target) })).body;
    expect((await whoamiOf(ctx.app, second)).status).toBe(200);
    const kept = await ctx.app.inject({ method: 'POST', url: '/user/v1/logout-others', headers: bearer(admin.token) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await whoamiOf(ctx.app, second)).status).toBe(401);
    expect((await whoamiOf(ctx.app, target.token)).status).toBe(200);

    // The admin's kept session opens new ones as before.
    const third = (await loginAs(kept.body, { username: usernameOf(target) })).body;
    expect((await whoamiOf(ctx.app, third)).status).toBe(200);
  });
});

describe('POST /user/v1/logout-others', () => {
  it('returns a new working token and ends every other session', async () => {
    const user = await signUp(ctx.app);
    const other = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: user.password } });
    expect((await whoamiOf(ctx.app, other.body)).status).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: '/user/v1/logout-others', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, res.body)).status).toBe(200);
    expect((await whoamiOf(ctx.app, other.body)).status).toBe(401);
    expect((await whoamiOf(ctx.app, user.token)).status).toBe(401);
  });
});

describe('staff accounts are not listed to users', () => {
  it('a user with a fleet sees its members, not the platform admins or support agents', async () => {
    const admin = await signUp(ctx.app);
    await makeAdmin(admin);
    const agent = await signUp(ctx.app);
    await ctx.app.db.updateTable('user').set({ is_support_agent: true }).where('id', '=', userIdOf(agent)).execute();
    const owner = await signUp(ctx.app);
    const colleague = await signUp(ctx.app);
    const fleet = await createFleet(ctx.app.db);
    // The fleet open to support: its support agents hold a role on it, as admins do on every fleet.
    await ctx.app.db.updateTable('application').set({ is_accessible_by_support_until__date: new Date(Date.now() + 86_400_000) }).where('id', '=', fleet.applicationId).execute();
    await grantFleetRole(ctx.app.db, owner.email, fleet, 'developer');
    await grantFleetRole(ctx.app.db, colleague.email, fleet, 'observer');
    const seen = async (url: string) => ((await ctx.app.inject({ method: 'GET', url, headers: bearer(owner.token) })).json() as { d: Array<{ username: string }> }).d.map((u) => u.username);
    const users = await seen('/v7/user?$select=username');
    expect(users).toEqual(expect.arrayContaining([usernameOf(owner), usernameOf(colleague)]));
    expect(users).not.toContain(usernameOf(admin));
    expect(users).not.toContain(usernameOf(agent));
  });
});

describe('account flags on GET /user/profile', () => {
  it('shows the platform admin and support agent flags', async () => {
    const admin = await signUp(ctx.app);
    await makeAdmin(admin);
    expect(await profileOf(admin.token)).toMatchObject({ is_platform_admin: true, is_support_agent: false, has_password_over_limit: false });
  });

  it('flags a user who signs in with a valid password over 64 characters', async () => {
    const user = await signUp(ctx.app);
    const longPassword = 'x'.repeat(70);
    await ctx.app.db.updateTable('user').set({ password_hash: await hashPassword(longPassword) }).where('id', '=', userIdOf(user)).execute();
    expect((await profileOf(user.token)).has_password_over_limit).toBe(false);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: 'y'.repeat(70) } });
    expect(wrong.statusCode).toBe(401);
    expect((await profileOf(user.token)).has_password_over_limit).toBe(false);
    const res = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: longPassword } });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(res.body)).has_password_over_limit).toBe(true);
    // Once the password is within the limit again, the next sign-in clears the flag.
    const shorter = 'x'.repeat(64);
    await ctx.app.db.updateTable('user').set({ password_hash: await hashPassword(shorter) }).where('id', '=', userIdOf(user)).execute();
    const again = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: shorter } });
    expect(again.statusCode).toBe(200);
    expect((await profileOf(again.body)).has_password_over_limit).toBe(false);
  });

  it('does not flag a password of exactly 64 characters', async () => {
    const user = await signUp(ctx.app);
    const password = 'z'.repeat(64);
    await ctx.app.db.updateTable('user').set({ password_hash: await hashPassword(password) }).where('id', '=', userIdOf(user)).execute();
    const res = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password } });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(res.body)).has_password_over_limit).toBe(false);
  });
});
