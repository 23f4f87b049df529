import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_BEGIN, CERTIFICATE_END } from '@flotilla/core/saml';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createDevice, createFleet, signUp } from '../auth/test-helpers.ts';
import { addOrgMember, call, orgWithAdmin, type BillingOrg } from '../billing/billing-test-helpers.ts';
import { LAST_ORGANIZATION, PROVIDER_HAS_ACCOUNTS, SAML_NOT_IN_PLAN } from '../model/resources/identity-provider.hooks.ts';

/**
 * Identity provider management through OData (accounts spec §4, §5, §6, §7 "Identity providers"):
 * administrators of an organization in the provider manage it; a new provider needs the caller
 * to administer each organization and each to be on a plan with saml_access; members,
 * outsiders and device or provisioning keys see nothing and change nothing.
 */
let ctx: TestContext;
let paid: BillingOrg;
let paid2: BillingOrg;
let free: BillingOrg;
let memberToken: string;
let outsiderToken: string;
let deviceKey: string;
let provisioningKey: string;
const db = () => ctx.database.db;
const certificate = `${CERTIFICATE_BEGIN}\n${'MIIC'.repeat(20)}\n${CERTIFICATE_END}`;
let n = 0;
const body = (orgs: number | number[], extra: Record<string, unknown> = {}) => {
  n += 1;
  return { sso_identifier: `acme-${n}-${Date.now()}`, entry_point: 'https://idp.example.com/sso', issuer: 'https://idp.example.com', certificate, organization_id: orgs, ...extra };
};

async function putOnPlan(orgId: number, billingCode: string): Promise<void> {
  const plan = await db().selectFrom('plan').select('id').where('billing_code', '=', billingCode).executeTakeFirstOrThrow();
  await db().insertInto('subscription').values({ is_for__organization: orgId, is_for__plan: plan.id }).execute();
}

beforeAll(async () => {
  ctx = await createTestApp();
  paid = await orgWithAdmin(ctx.app, db());
  await putOnPlan(paid.orgId, 'production-v2');
  paid2 = await orgWithAdmin(ctx.app, db());
  await putOnPlan(paid2.orgId, 'enterprise-v2');
  free = await orgWithAdmin(ctx.app, db());
  memberToken = (await addOrgMember(ctx.app, db(), paid.orgId)).token;
  outsiderToken = (await signUp(ctx.app)).token;
  await createFleet(db());
  provisioningKey = (await call(ctx.app, 'POST', '/api-key/v2/', paid.admin.token, { actorType: 'application', actorTypeId: paid.fleet.applicationId, expiryDate: null })).json() as string;
  const device = await createDevice(db(), paid.fleet);
  deviceKey = (await call(ctx.app, 'POST', `/api-key/device/${device.id}/device-key`, paid.admin.token, {})).json() as string;
});
afterAll(async () => {
  await ctx?.close();
});

async function createProvider(orgs: number | number[] = paid.orgId, token = paid.admin.token) {
  const res = await call(ctx.app, 'POST', '/v7/identity_provider', token, body(orgs));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sso_identifier: string; certificate: string };
}

describe('creating an identity provider', () => {
  it('lets an administrator of an organization with saml_access create one, with its membership, certificate wrapped at 64', async () => {
    const idp = await createProvider();
    expect(idp.certificate.split('\n').slice(1, -1).map((l) => l.length)).toEqual([64, 16]);
    const got = await call(ctx.app, 'GET', `/v7/identity_provider(${idp.id})?$expand=identity_provider_membership($select=authorizes__organization)`, paid.admin.token);
    expect(got.statusCode).toBe(200);
    const [row] = (got.json() as { d: Array<{ identity_provider_membership: Array<{ authorizes__organization: { __id: number } }> }> }).d;
    expect(row!.identity_provider_membership.map((m) => m.authorizes__organization.__id)).toEqual([paid.orgId]);
    // The same SSO identifier twice is a conflict.
    const again = await call(ctx.app, 'POST', '/v7/identity_provider', paid.admin.token, { ...body(paid.orgId), sso_identifier: idp.sso_identifier });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an organization without saml_access in its plan, and creates nothing', async () => {
    const res = await call(ctx.app, 'POST', '/v7/identity_provider', free.admin.token, body(free.orgId));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: SAML_NOT_IN_PLAN, code: 'saml_access_required' });
    expect(await db().selectFrom('identity_provider_membership').select('id').where('authorizes__organization', '=', free.orgId).execute()).toEqual([]);
  });

  it('refuses organizations the caller does not administer, unknown ones alike, and none at all', async () => {
    const foreign = await call(ctx.app, 'POST', '/v7/identity_provider', paid.admin.token, body([paid.orgId, paid2.orgId]));
    const unknown = await call(ctx.app, 'POST', '/v7/identity_provider', paid.admin.token, body([paid.orgId, 2_000_000_000]));
    expect(foreign.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(foreign.json()).toEqual(unknown.json());
    const member = await call(ctx.app, 'POST', '/v7/identity_provider', memberToken, body(paid.orgId));
    expect(member.statusCode).toBe(403);
    const none = await call(ctx.app, 'POST', '/v7/identity_provider', paid.admin.token, body([]));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'no_organization_selected' });
  });

  it('checks the fields (SSO identifier, entry point URL, certificate markers once each)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sso_identifier: 'ab' }, 'sso_identifier_too_short'],
      [{ sso_identifier: 'Acme Corp' }, 'sso_identifier_invalid_characters'],
      [{ entry_point: 'not a url' }, 'invalid_url'],
      [{ certificate: 'MIIC' }, 'invalid_certificate_format'],
      [{ certificate: `${certificate}\n${certificate}` }, 'invalid_certificate_format'],
    ];
    for (const [extra, code] of cases) {
      const res = await call(ctx.app, 'POST', '/v7/identity_provider', paid.admin.token, body(paid.orgId, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ code });
    }
  });

  it('is refused to device and provisioning keys and without a token', async () => {
    for (const token of [deviceKey, provisioningKey]) {
      const res = await call(ctx.app, 'POST', '/v7/identity_provider', token, body(paid.orgId));
      expect([401, 403]).toContain(res.statusCode);
    }
    expect((await call(ctx.app, 'POST', '/v7/identity_provider', undefined, body(paid.orgId))).statusCode).toBe(401);
  });
});

describe('reading, changing and removing a provider', () => {
  it('shows the provider read-only to members of its organizations; outsiders and keys get the same 404 as a missing one', async () => {
    const idp = await createProvider();
    const missing = await call(ctx.app, 'GET', '/v7/identity_provider(2000000000)', paid.admin.token);
    // A member of an organization in the provider sees it and its memberships (the page shows its
    // actions disabled, accounts spec §6) but changes nothing.
    const seen = await call(ctx.app, 'GET', `/v7/identity_provider(${idp.id})?$expand=identity_provider_membership($select=id,authorizes__organization)`, memberToken);
    expect(seen.statusCode).toBe(200);
    const [seenRow] = (seen.json() as { d: Array<{ sso_identifier: string; identity_provider_membership: Array<{ authorizes__organization: { __id: number } }> }> }).d;
    expect(seenRow!.sso_identifier).toBe(idp.sso_identifier);
    expect(seenRow!.identity_provider_membership.map((m) => m.authorizes__organization.__id)).toEqual([paid.orgId]);
    expect([401, 403, 404]).toContain((await call(ctx.app, 'PATCH', `/v7/identity_provider(${idp.id})`, memberToken, { issuer: 'https://evil.example.com' })).statusCode);
    expect([401, 403, 404]).toContain((await call(ctx.app, 'DELETE', `/v7/identity_provider(${idp.id})`, memberToken)).statusCode);
    const membershipId = (await db().selectFrom('identity_provider_membership').select('id').where('is_authorized_by__identity_provider', '=', idp.id).executeTakeFirstOrThrow()).id;
    expect([401, 403, 404]).toContain((await call(ctx.app, 'DELETE', `/v7/identity_provider_membership(${membershipId})`, memberToken)).statusCode);
    for (const token of [outsiderToken, deviceKey, provisioningKey]) {
      const res = await call(ctx.app, 'GET', `/v7/identity_provider(${idp.id})`, token);
      expect(res.statusCode).toBe(missing.statusCode);
      const list = await call(ctx.app, 'GET', '/v7/identity_provider', token);
      expect((list.json() as { d: unknown[] }).d).toEqual([]);
      const patch = await call(ctx.app, 'PATCH', `/v7/identity_provider(${idp.id})`, token, { issuer: 'https://evil.example.com' });
      expect([401, 403, 404]).toContain(patch.statusCode);
      const del = await call(ctx.app, 'DELETE', `/v7/identity_provider(${idp.id})`, token);
      expect([401, 403, 404]).toContain(del.statusCode);
    }
    const row = await db().selectFrom('identity_provider').select('issuer').where('id', '=', idp.id).executeTakeFirstOrThrow();
    expect(row.issuer).toBe('https://idp.example.com');
    // The administrator edits it, with the same field rules.
    const ok = await call(ctx.app, 'PATCH', `/v7/identity_provider(${idp.id})`, paid.admin.token, { issuer: 'https://idp2.example.com' });
    expect(ok.statusCode).toBe(200);
    const bad = await call(ctx.app, 'PATCH', `/v7/identity_provider(${idp.id})`, paid.admin.token, { certificate: 'nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('cannot be removed while saml accounts exist; can be once they are gone', async () => {
    const idp = await createProvider();
    const user = await db().selectFrom('user').select('id').where('email', '=', paid.admin.email).executeTakeFirstOrThrow();
    await db().insertInto('saml_account').values({ belongs_to__user: user.id, was_generated_by__identity_provider: idp.id, remote_id: 'someone' }).execute();
    const refused = await call(ctx.app, 'DELETE', `/v7/identity_provider(${idp.id})`, paid.admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: PROVIDER_HAS_ACCOUNTS, code: 'idp_has_saml_accounts' });
    const count = await call(ctx.app, 'GET', `/v7/saml_account/$count?$filter=was_generated_by__identity_provider eq ${idp.id}`, paid.admin.token);
    expect(count.json()).toEqual({ d: 1 });
    await db().deleteFrom('saml_account').where('was_generated_by__identity_provider', '=', idp.id).execute();
    expect((await call(ctx.app, 'DELETE', `/v7/identity_provider(${idp.id})`, paid.admin.token)).statusCode).toBe(200);
    expect(await db().selectFrom('identity_provider').select('id').where('id', '=', idp.id).execute()).toEqual([]);
  });
});

describe('provider memberships', () => {
  it('adds an administered organization with saml_access, refuses one without, and never removes the last', async () => {
    // paid2's admin also administers a second paid organization and a free one.
    const idp = await createProvider(paid2.orgId, paid2.admin.token);
    const extra = await orgWithAdmin(ctx.app, db());
    await putOnPlan(extra.orgId, 'production-v2');
    const adminId = (await db().selectFrom('user').select('id').where('email', '=', paid2.admin.email).executeTakeFirstOrThrow()).id;
    const role = await db().selectFrom('organization_membership_role').select('id').where('name', '=', 'administrator').executeTakeFirstOrThrow();
    await db().insertInto('organization_membership').values({ user: adminId, is_member_of__organization: extra.orgId, organization_membership_role: role.id }).execute();
    await db().insertInto('organization_membership').values({ user: adminId, is_member_of__organization: free.orgId, organization_membership_role: role.id }).execute();

    const noPlan = await call(ctx.app, 'POST', '/v7/identity_provider_membership', paid2.admin.token, { organization: free.orgId, is_authorized_by__identity_provider: idp.id });
    expect([401, 403]).toContain(noPlan.statusCode);
    // An administrator of the other organization who is not an administrator of the provider cannot add it.
    const stranger = await call(ctx.app, 'POST', '/v7/identity_provider_membership', extra.admin.token, { organization: extra.orgId, is_authorized_by__identity_provider: idp.id });
    expect([401, 403]).toContain(stranger.statusCode);
    const added = await call(ctx.app, 'POST', '/v7/identity_provider_membership', paid2.admin.token, { organization: extra.orgId, is_authorized_by__identity_provider: idp.id });
    expect(added.statusCode, added.body).toBe(201);
    const twice = await call(ctx.app, 'POST', '/v7/identity_provider_membership', paid2.admin.token, { organization: extra.orgId, is_authorized_by__identity_provider: idp.id });
    expect(twice.statusCode).toBe(409);

    const memberships = await db().selectFrom('identity_provider_membership').select(['id', 'authorizes__organization']).where('is_authorized_by__identity_provider', '=', idp.id).orderBy('id').execute();
    expect(memberships.map((m) => m.authorizes__organization)).toEqual([paid2.orgId, extra.orgId]);
    const all = await call(ctx.app, 'DELETE', `/v7/identity_provider_membership?$filter=is_authorized_by__identity_provider eq ${idp.id}`, paid2.admin.token);
    expect(all.statusCode).toBe(409);
    expect(all.json()).toMatchObject({ error: LAST_ORGANIZATION });
    expect((await call(ctx.app, 'DELETE', `/v7/identity_provider_membership(${memberships[1]!.id})`, paid2.admin.token)).statusCode).toBe(200);
    const last = await call(ctx.app, 'DELETE', `/v7/identity_provider_membership(${memberships[0]!.id})`, paid2.admin.token);
    expect(last.statusCode).toBe(409);

    // A default team of the organization: set by its administrator; another organization's team is refused.
    const team = await db().insertInto('team').values({ name: 'SSO people', belongs_to__organization: paid2.orgId }).returning('id').executeTakeFirstOrThrow();
    const otherTeam = await db().insertInto('team').values({ name: 'Others', belongs_to__organization: extra.orgId }).returning('id').executeTakeFirstOrThrow();
    expect((await call(ctx.app, 'PATCH', `/v7/identity_provider_membership(${memberships[0]!.id})`, paid2.admin.token, { grants_access_to__team: otherTeam.id })).statusCode).toBe(400);
    expect((await call(ctx.app, 'PATCH', `/v7/identity_provider_membership(${memberships[0]!.id})`, paid2.admin.token, { grants_access_to__team: team.id })).statusCode).toBe(200);
    expect((await call(ctx.app, 'PATCH', `/v7/identity_provider_membership(${memberships[0]!.id})`, memberToken, { grants_access_to__team: null })).statusCode).not.toBe(200);
  });

  it('tells the dashboard whether SAML is on for the user and which organizations a provider may authorize', async () => {
    const admin = await call(ctx.app, 'GET', '/user/v1/saml-access', paid.admin.token);
    expect(admin.json()).toMatchObject({ isEnabled: true, organizations: [{ id: paid.orgId }] });
    const member = await call(ctx.app, 'GET', '/user/v1/saml-access', memberToken);
    expect(member.json()).toEqual({ isEnabled: true, organizations: [] });
    const outsider = await call(ctx.app, 'GET', '/user/v1/saml-access', free.admin.token);
    expect(outsider.json()).toEqual({ isEnabled: false, organizations: [] });
    expect((await call(ctx.app, 'GET', '/user/v1/saml-access')).statusCode).toBe(401);
  });
});
