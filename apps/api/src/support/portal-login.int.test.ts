import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { SUPPORT_PORTAL_NOT_CONFIGURED } from '@flotilla/core/support-portal';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { startSupportPortalStandIn, type SupportPortalStandIn } from '../test/support-portal-stand-in.ts';
import { bearer, signUp, type TestUser } from '../auth/test-helpers.ts';
import { userIdOf } from '../invitations/invite-test-helpers.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { PORTAL_NOT_CONFIGURED, PORTAL_NOT_WHILE_LOGGED_IN_AS, PORTAL_VERIFY_EMAIL_FIRST } from './portal-login.service.ts';

/**
 * GET /zendesk/v1/login (accounts spec §2 "/zendesk-login (query return_to)", §7): the token the
 * dashboard posts to the support portal, checked by a stand-in speaking Zendesk's JWT SSO.
 */
let portal: SupportPortalStandIn;
let ctx: TestContext;
beforeAll(async () => {
  portal = await startSupportPortalStandIn();
  ctx = await createTestApp({ supportPortal: { url: portal.url, jwtSecret: portal.secret } });
});
afterAll(async () => {
  await ctx?.close();
  await portal?.close();
});

const login = (token: string | undefined, returnTo?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/zendesk/v1/login',
    query: returnTo === undefined ? {} : { return_to: returnTo },
    headers: token ? bearer(token) : {},
  });

async function verifiedUser(): Promise<TestUser & { id: number }> {
  const user = await signUp(ctx.app);
  const id = await userIdOf(ctx.app, user);
  await ctx.app.db.updateTable('user').set({ is_verified: true, first_name: 'Ada', last_name: 'Lovelace' }).where('id', '=', id).execute();
  return { ...user, id };
}

/** Posts the answer as the dashboard's form does; the portal's redirect is not followed. */
async function postToPortal(answer: { redirect: string; jwt: string; return_to?: string }) {
  const form = new URLSearchParams({ jwt: answer.jwt, ...(answer.return_to ? { return_to: answer.return_to } : {}) });
  return fetch(answer.redirect, { method: 'POST', body: form, redirect: 'manual' });
}

describe('support portal sign-in', () => {
  it('signs a verified user in to the portal: email, name, external_id, a unique jti, three minutes', async () => {
    const user = await verifiedUser();
    const returnTo = `${portal.url}/hc/requests?page=2`;
    const res = await login(user.token, returnTo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json() as { redirect: string; jwt: string; return_to?: string };
    expect(answer.redirect).toBe(`${portal.url}/access/jwt`);
    expect(answer.return_to).toBe(returnTo);
    expect(decodeProtectedHeader(answer.jwt).alg).toBe('HS256');

    const posted = await postToPortal(answer);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(returnTo);
    const signIn = portal.signIns.at(-1)!;
    expect(signIn.accepted, signIn.reason).toBe(true);
    expect(signIn.returnTo).toBe(returnTo);
    expect(signIn.claims).toMatchObject({ email: user.email, name: 'Ada Lovelace', external_id: String(user.id) });
    expect(signIn.claims!.exp! - signIn.claims!.iat!).toBe(180);
    expect(Math.abs(signIn.claims!.iat! - Date.now() / 1000)).toBeLessThan(30);

    // Each token once: a second sign-in has a new jti, and a replay is refused by the portal.
    const again = (await login(user.token)).json() as { redirect: string; jwt: string; return_to?: string };
    expect(again.return_to).toBeUndefined();
    expect(decodeJwt(again.jwt).jti).not.toBe(signIn.claims!.jti);
    expect((await postToPortal(again)).status).toBe(303);
    expect((await postToPortal(again)).status).toBe(401);
    expect(portal.signIns.at(-1)).toMatchObject({ accepted: false, reason: 'jti reused' });
  });

  it('names a user without a first or last name by username', async () => {
    const user = await signUp(ctx.app);
    const id = await userIdOf(ctx.app, user);
    await ctx.app.db.updateTable('user').set({ is_verified: true }).where('id', '=', id).execute();
    const { username } = await ctx.app.db.selectFrom('user').select('username').where('id', '=', id).executeTakeFirstOrThrow();
    const answer = (await login(user.token)).json() as { jwt: string };
    expect(decodeJwt(answer.jwt)).toMatchObject({ name: username, email: user.email });
  });

  it('refuses a return_to that is not on the portal: another origin, javascript:, a relative path', async () => {
    const user = await verifiedUser();
    const portalUrl = new URL(portal.url);
    for (const returnTo of [
      'https://evil.example.com/hc',
      `http://127.0.0.1:${Number(portalUrl.port) === 65535 ? 1 : Number(portalUrl.port) + 1}/hc`,
      `http://localhost:${portalUrl.port}/hc`,
      'javascript:alert(document.cookie)',
      '/hc/requests',
      `//127.0.0.1:${portalUrl.port}/hc`,
    ]) {
      const res = await login(user.token, returnTo);
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_return_to' });
      expect(res.body).not.toContain('jwt":');
    }
  });

  it('a user API key works; device keys, provisioning keys and anonymous callers are refused', async () => {
    const user = await verifiedUser();
    const key = (await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(user.token), payload: { name: 'k' } })).json() as string;
    expect((await login(key)).statusCode).toBe(200);

    const fleet = await createFleetWithProvisioningKey(ctx.app.db);
    const device = await registerDevice(ctx.app, fleet);
    for (const token of [device.apiKey, fleet.provisioningKey]) {
      const res = await login(token);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('jwt":');
    }
    expect((await login(undefined)).statusCode).toBe(401);
  });

  it('refuses an unverified email and a login-as session, each saying why', async () => {
    const unverified = await signUp(ctx.app);
    const res = await login(unverified.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: PORTAL_VERIFY_EMAIL_FIRST, code: 'email_not_verified' });

    const member = await verifiedUser();
    const staff = await signUp(ctx.app);
    await ctx.app.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', await userIdOf(ctx.app, staff)).execute();
    const { username } = await ctx.app.db.selectFrom('user').select('username').where('id', '=', member.id).executeTakeFirstOrThrow();
    const asMember = (await ctx.app.inject({ method: 'PATCH', url: '/login_', headers: bearer(staff.token), payload: { username } })).body;
    const loggedInAs = await login(asMember);
    expect(loggedInAs.statusCode).toBe(403);
    expect(loggedInAs.json()).toMatchObject({ error: PORTAL_NOT_WHILE_LOGGED_IN_AS, code: 'logged_in_as_user' });
  });

  it('lets the support portal receive the form (Content-Security-Policy form-action)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/zendesk-login' });
    const formAction = String(res.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('form-action'));
    expect(formAction?.split(' ')).toContain(portal.url);
  });
});

describe('support portal not configured', () => {
  it('answers 404 saying so', async () => {
    const off = await createTestApp();
    try {
      const user = await signUp(off.app);
      const res = await off.app.inject({ method: 'GET', url: '/zendesk/v1/login', headers: bearer(user.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: PORTAL_NOT_CONFIGURED, code: SUPPORT_PORTAL_NOT_CONFIGURED });
    } finally {
      await off.close();
    }
  });
});
