import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCertificate } from '@flotilla/core/saml';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleet, signUp, uniqueEmail } from '../auth/test-helpers.ts';
import { latestEmailTo, linkIn } from '../account/test-mail.ts';
import { startSamlIdpStandIn, type PostedForm, type SamlIdpStandIn, type SamlPerson } from '../test/saml-idp-stand-in.ts';

/**
 * SAML sign-in over real HTTP against a stand-in identity provider on a local port, walked as a
 * browser does: GET /auth/saml/{ssoIdentifier} (redirect with an AuthnRequest), the provider's
 * page (a form posting the signed response), POST /saml/callback/signon (redirect to the
 * dashboard with a code), then the dashboard's POST /auth/saml/finalize.
 */
let ctx: TestContext;
let idp: SamlIdpStandIn;
let base: string;
let providerId: number;
let orgId: number;
let teamId: number;
const SSO = 'acme-sso';
const db = () => ctx.database.db;

beforeAll(async () => {
  idp = await startSamlIdpStandIn();
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const fleet = await createFleet(db());
  orgId = fleet.organizationId;
  teamId = (await db().insertInto('team').values({ name: 'Single sign-on', belongs_to__organization: orgId }).returning('id').executeTakeFirstOrThrow()).id;
  providerId = (
    await db()
      .insertInto('identity_provider')
      .values({ sso_identifier: SSO, entry_point: idp.entryPoint, issuer: idp.issuer, certificate: normalizeCertificate(idp.certificatePem)! })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db().insertInto('identity_provider_membership').values({ is_authorized_by__identity_provider: providerId, authorizes__organization: orgId, grants_access_to__team: teamId }).execute();
});
afterAll(async () => {
  await ctx?.close();
  await idp?.close();
});

let people = 0;
function person(overrides: Partial<SamlPerson> = {}): SamlPerson {
  people += 1;
  return { nameId: `employee-${people}`, email: uniqueEmail(`sso${people}`), firstName: 'Sam', lastName: `Person ${people}`, ...overrides };
}

/** Start → the provider's page: the form it posts back. */
async function throughProvider(sso = SSO): Promise<PostedForm> {
  const start = await fetch(`${base}/auth/saml/${sso}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const location = new URL(start.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(idp.entryPoint);
  expect(location.searchParams.get('SAMLRequest')).toBeTruthy();
  const page = await fetch(location);
  expect(page.status).toBe(200);
  const form = idp.lastForm()!;
  expect(form.action).toBe(`${base}/saml/callback/signon`);
  return form;
}

/** The browser posting the provider's form: where it is sent next. */
async function post(form: PostedForm): Promise<string> {
  const res = await fetch(form.action, { method: 'POST', body: new URLSearchParams({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }), redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

async function finalize(code: string, jwt?: string): Promise<Response> {
  return fetch(`${base}/auth/saml/finalize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(jwt ? { code, jwt } : { code }) });
}

const codeOf = (location: string) => new URL(location, base).searchParams.get('code')!;

async function whoami(token: string): Promise<{ id: number; email: string }> {
  const res = await fetch(`${base}/user/v1/whoami`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; email: string };
}

async function signInAs(someone: SamlPerson): Promise<string> {
  idp.signInAs(someone);
  return post(await throughProvider());
}

describe('SAML sign-in', () => {
  it('creates an account (its email not counted as verified) for a new person, joins the provider organization and default team, and signs the same person in again', async () => {
    const someone = person();
    const location = await signInAs(someone);
    expect(location).toMatch(/^\/saml\/callback\/signon\?code=/);
    const res = await finalize(codeOf(location));
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const me = await whoami(token);
    expect(me.email).toBe(someone.email);
    const row = await db().selectFrom('user').select(['is_verified', 'has_password_set']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_verified: false, has_password_set: false });
    expect(await db().selectFrom('saml_account').select(['remote_id', 'was_generated_by__identity_provider', 'display_name']).where('belongs_to__user', '=', me.id).execute()).toEqual([
      { remote_id: someone.nameId, was_generated_by__identity_provider: providerId, display_name: `Sam Person ${people}` },
    ]);
    const membership = await db()
      .selectFrom('organization_membership as om')
      .innerJoin('organization_membership_role as r', 'r.id', 'om.organization_membership_role')
      .select('r.name')
      .where('om.user', '=', me.id)
      .where('om.is_member_of__organization', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(membership.name).toBe('member');
    expect(await db().selectFrom('team_membership').select('is_member_of__team').where('user', '=', me.id).execute()).toEqual([{ is_member_of__team: teamId }]);

    // The code is good once.
    const again = await finalize(codeOf(location));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'expired_code' });

    // Next time the link says who it is, even with another email at the provider.
    const next = await finalize(codeOf(await signInAs({ ...someone, email: `moved-${someone.email}` })));
    expect((await whoami(((await next.json()) as { token: string }).token)).id).toBe(me.id);
  });

  it("gives the address's owner the account back: a password reset that first proves it unlinks the provider", async () => {
    // A provider can assert any address; the account it made is taken back by the address's owner.
    const someone = person();
    const me = await whoami(((await (await finalize(codeOf(await signInAs(someone)))).json()) as { token: string }).token);
    const asked = await ctx.app.inject({ method: 'POST', url: '/user/v1/password-reset/request', payload: { email: someone.email, 'g-recaptcha-response': 'dummy' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = linkIn(await latestEmailTo(ctx.app.db, someone.email));
    const resetCode = decodeURIComponent(link.pathname.slice('/user/reset-password/'.length));
    const done = await ctx.app.inject({ method: 'POST', url: '/user/v1/password-reset', payload: { resetCode, password: 'the real owner now' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(await db().selectFrom('saml_account').select('id').where('belongs_to__user', '=', me.id).execute()).toEqual([]);
    // The provider's next assertion of that address is no longer a sign-in: it asks for the owner's consent.
    expect(new URL(await signInAs(someone), base).pathname).toBe('/saml/callback/merge');
  });

  it('sends an existing unlinked account to the merge consent page and merges only for that signed-in user', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const apiKey = await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: { authorization: `Bearer ${owner.token}` }, payload: { name: 'ci' } });
    expect(apiKey.statusCode).toBe(200);
    const someone = person({ email: owner.email.toUpperCase() });
    const location = await signInAs(someone);
    const url = new URL(location, base);
    expect(url.pathname).toBe('/saml/callback/merge');
    expect(url.searchParams.get('shouldMergeWith')).toBe(owner.email);
    const code = codeOf(location);

    // The code alone never grants the account; another user's session is refused; neither uses it up.
    const anonymous = await finalize(code);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'require_login' });
    const mismatch = await finalize(code, stranger.token);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ code: 'email_mismatch' });

    const merged = await finalize(code, owner.token);
    expect(merged.status).toBe(200);
    const me = await whoami(((await merged.json()) as { token: string }).token);
    const ownerRow = await db().selectFrom('user').select(['id', 'actor']).where('email', '=', owner.email).executeTakeFirstOrThrow();
    expect(me.id).toBe(ownerRow.id);
    expect(await db().selectFrom('api_key').select('id').where('is_of__actor', '=', ownerRow.actor).execute()).toEqual([]);
    expect(await db().selectFrom('saml_account').select('remote_id').where('belongs_to__user', '=', ownerRow.id).execute()).toEqual([{ remote_id: someone.nameId }]);
    expect((await finalize(code, owner.token)).status).toBe(400);

    // From now on the provider signs the owner straight in.
    const direct = await signInAs(someone);
    expect(direct).toMatch(/^\/saml\/callback\/signon\?code=/);
  });

  it('refuses a tampered, unsigned, foreign-key-signed or foreign-issuer response, and creates nothing', async () => {
    for (const spoil of ['tampered', 'unsigned', 'other-key', 'other-issuer'] as const) {
      const someone = person();
      idp.signInAs(someone);
      const form = await throughProvider();
      idp.spoilNext(spoil);
      const spoiled = await throughProvider();
      expect(await post(spoiled), spoil).toBe('/signup?saml_error=login_failed');
      expect(await db().selectFrom('user').select('id').where('email', 'in', [someone.email, `mallory-${someone.email}`]).execute()).toEqual([]);
      expect(form.RelayState).not.toBe(spoiled.RelayState);
    }
  });

  it('refuses a response for another audience or past its NotOnOrAfter', async () => {
    for (const spoil of ['wrong-audience', 'expired'] as const) {
      idp.signInAs(person());
      idp.spoilNext(spoil);
      expect(await post(await throughProvider()), spoil).toBe('/signup?saml_error=login_failed');
    }
  });

  it('refuses a replayed response and a forged RelayState', async () => {
    idp.signInAs(person());
    const form = await throughProvider();
    expect(await post(form)).toMatch(/^\/saml\/callback\/signon\?code=/);
    expect(await post(form)).toBe('/signup?saml_error=login_failed');
    const other = await throughProvider();
    expect(await post({ ...other, RelayState: `${other.RelayState}x` })).toBe('/signup?saml_error=login_failed');
    // A valid RelayState of another request does not fit this response's InResponseTo.
    const third = await throughProvider();
    expect(await post({ ...third, RelayState: form.RelayState })).toBe('/signup?saml_error=login_failed');
  });

  it('sends an unknown SSO identifier back with unknown_sso_identifier', async () => {
    for (const sso of ['no-such-provider', 'NOT%20VALID']) {
      const res = await fetch(`${base}/auth/saml/${sso}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/signup?saml_error=unknown_sso_identifier');
    }
  });

  it('still asks for the second factor of a user who turned it on', async () => {
    const someone = person();
    const first = await finalize(codeOf(await signInAs(someone)));
    const me = await whoami(((await first.json()) as { token: string }).token);
    await db().updateTable('user').set({ is_2fa_enabled: true }).where('id', '=', me.id).execute();
    const second = await finalize(codeOf(await signInAs(someone)));
    const { token } = (await second.json()) as { token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { twoFactorRequired?: boolean };
    expect(claims.twoFactorRequired).toBe(true);
    // A session still waiting for its second factor cannot consent to a merge.
    const owner = await signUp(ctx.app);
    await db().updateTable('user').set({ is_2fa_enabled: true }).where('email', '=', owner.email).execute();
    const pendingLogin = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: owner.email, password: 'correct horse battery' } });
    const mergeCode = codeOf(await signInAs(person({ email: owner.email })));
    expect((await finalize(mergeCode, pendingLogin.body)).status).toBe(401);
  });
});
