import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { startSocialProviderStandIn, type SocialProviderStandIn, type StandInPerson } from '../test/social-provider-stand-in.ts';
import { EXPIRED_SIGN_IN } from './social-sign-in.routes.ts';
import { noVerifiedEmail, unverifiedAccountExists } from './social-sign-in.service.ts';

/**
 * Social sign-in over real HTTP against a stand-in GitHub and Google on a local port, walked as
 * a browser does: start (cookie + redirect), the provider's consent (redirect back with a code),
 * then the dashboard page's fetch of the callback with the cookie.
 */
let ctx: TestContext;
let provider: SocialProviderStandIn;
let base: string;

beforeAll(async () => {
  provider = await startSocialProviderStandIn();
  ctx = await createTestApp({
    socialSignIn: {
      github: { clientId: provider.clientId, clientSecret: provider.clientSecret, url: provider.url, apiUrl: provider.url },
      google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuerUrl: provider.googleIssuer },
    },
  });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

const db = () => ctx.database.db;
let people = 0;
function person(overrides: Partial<StandInPerson> = {}): StandInPerson {
  people += 1;
  return { id: String(1000 + people), login: `octo${people}`, email: `octo${people}-${Date.now()}@example.com`, emailVerified: true, ...overrides };
}

/** Start → provider → back: the callback URL the provider sent the browser to, and the browser's cookie. */
async function throughProvider(name: 'github' | 'google'): Promise<{ callback: URL; cookie: string }> {
  const start = await fetch(`${base}/auth/${name}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(cookie).toMatch(/^flotilla_social_sign_in=/);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${base}/auth/${name}/callback`);
  return { callback, cookie };
}

async function signIn(name: 'github' | 'google'): Promise<Response> {
  const { callback, cookie } = await throughProvider(name);
  return fetch(callback, { headers: { cookie } });
}

async function whoami(token: string): Promise<{ id: number; username: string; email: string }> {
  const res = await fetch(`${base}/user/v1/whoami`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; username: string; email: string };
}

async function register(email: string): Promise<number> {
  const res = await fetch(`${base}/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'a long enough password', 'g-recaptcha-response': 'x' }) });
  expect(res.status).toBe(201);
  return (await whoami(await res.text())).id;
}

describe('social sign-in', () => {
  it('lists the configured providers and 404s any other', async () => {
    const config = (await (await fetch(`${base}/config`)).json()) as { socialProviders: string[] };
    expect(config.socialProviders).toEqual(['github', 'google', 'saml']);
    expect((await fetch(`${base}/auth/gitlab`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${base}/auth/gitlab/callback?code=x&state=y`)).status).toBe(404);
  });

  it('creates an account for a new GitHub person, verified and without a password, and signs the same person in again', async () => {
    const someone = person();
    provider.signInAs(someone);
    const first = await signIn('github');
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/^flotilla_social_sign_in=; Path=\/auth; Max-Age=0/);
    const me = await whoami(await first.text());
    expect(me.email).toBe(someone.email);
    const row = await db().selectFrom('user').select(['has_password_set', 'is_verified', 'password_hash']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ has_password_set: false, is_verified: true, password_hash: null });
    const link = await db().selectFrom('social_service_account').select(['provider', 'remote_id', 'display_name']).where('belongs_to__user', '=', me.id).execute();
    expect(link).toEqual([{ provider: 'github', remote_id: someone.id, display_name: someone.login }]);
    const orgs = await db().selectFrom('organization_membership').select('id').where('user', '=', me.id).execute();
    expect(orgs).toHaveLength(1);

    // Their GitHub email may change: the link, not the email, says who they are.
    provider.signInAs({ ...someone, email: `moved-${someone.email}` });
    const again = await signIn('github');
    expect((await whoami(await again.text())).id).toBe(me.id);
  });

  it('links to an account whose owner verified the same email, and refuses while it is unverified', async () => {
    const someone = person();
    const userId = await register(someone.email);
    provider.signInAs(someone);
    const refused = await signIn('github');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(unverifiedAccountExists('github'));
    expect(await db().selectFrom('social_service_account').select('id').where('belongs_to__user', '=', userId).execute()).toEqual([]);

    await db().updateTable('user').set({ is_verified: true }).where('id', '=', userId).execute();
    const linked = await signIn('github');
    expect(linked.status).toBe(200);
    expect((await whoami(await linked.text())).id).toBe(userId);
  });

  it('refuses a GitHub person without a verified email, and creates nothing', async () => {
    const someone = person({ emailVerified: false });
    provider.signInAs(someone);
    const res = await signIn('github');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(noVerifiedEmail('github'));
    expect(await db().selectFrom('user').select('id').where('email', '=', someone.email).execute()).toEqual([]);
  });

  it('accepts an answer only with the cookie of the browser that started, once, with its own state', async () => {
    provider.signInAs(person());
    const { callback, cookie } = await throughProvider('github');
    // Another browser (no cookie: a link carrying someone else's code) is refused.
    const noCookie = await fetch(callback);
    expect(noCookie.status).toBe(400);
    expect(((await noCookie.json()) as { error: string }).error).toBe(EXPIRED_SIGN_IN);
    // A cookie of another attempt does not match this answer's state.
    const other = await throughProvider('github');
    expect((await fetch(callback, { headers: { cookie: other.cookie } })).status).toBe(400);
    // The right pair works once; the code cannot be used twice.
    expect((await fetch(callback, { headers: { cookie } })).status).toBe(200);
    const replay = await fetch(callback, { headers: { cookie } });
    expect(replay.status).toBe(400);
  });

  it('passes on the provider saying no', async () => {
    provider.denyNext('access_denied', 'The user has denied your application access.');
    const res = await signIn('github');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('Sign-in failed: The user has denied your application access.');
  });

  it('signs in with Google through OpenID Connect, checking the ID token and its nonce', async () => {
    const someone = person();
    provider.signInAs(someone);
    const res = await signIn('google');
    expect(res.status).toBe(200);
    const me = await whoami(await res.text());
    expect(me.email).toBe(someone.email);
    expect(await db().selectFrom('social_service_account').select('provider').where('belongs_to__user', '=', me.id).execute()).toEqual([{ provider: 'google' }]);

    provider.signInAs(person());
    provider.spoilNextNonce();
    expect((await signIn('google')).status).toBe(400);
  });

  it('still asks for the second factor of a user who turned it on', async () => {
    const someone = person();
    provider.signInAs(someone);
    const me = await whoami(await (await signIn('github')).text());
    await db().updateTable('user').set({ is_2fa_enabled: true }).where('id', '=', me.id).execute();
    const token = await (await signIn('github')).text();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { twoFactorRequired?: boolean };
    expect(claims.twoFactorRequired).toBe(true);
  });
});
