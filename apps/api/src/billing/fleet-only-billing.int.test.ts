import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, grantFleetRole, signUp, type TestUser } from '../auth/test-helpers.ts';
import { ORGANIZATION_NOT_FOUND } from './billing-access.ts';
import { addOrgMember, call, orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';

/**
 * A user with access to a fleet only (a fleet member who is not a member of the fleet's
 * organization) and the organization's billing (accounts spec §6: "Only organization
 * administrators see billing, plans and credits"; fleets spec §3: a fleet shows its
 * organization's id, name and is_frozen). Such a user reads the organization row as far as the
 * fleet pages need it — id, name, handle, is_frozen — and none of its billing state: the
 * past-due date and the billing account code read as null (also through `$expand` and
 * `$filter`), billing rows are not there, and the billing routes answer as for a stranger.
 * Holding the fleet's administrator role (which grants billing access on its own organization
 * to an organization administrator) changes nothing. Fleet members made through the API are
 * members of the organization too (docs/security.md); the fleet-only readers are memberships
 * written before that rule and support agents on a fleet that granted support access.
 */
let ctx: TestContext;
let org: BillingOrg;
let orgMember: TestUser;
const fleetOnly: Record<string, TestUser> = {};
const PAST_DUE_SINCE = '2026-10-01T00:00:00.000Z';
const BILLING_ACCOUNT = 'acct_fleet_only_test';

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  org = await orgWithAdmin(ctx.app, db);
  orgMember = await addOrgMember(ctx.app, db, org.orgId);
  for (const role of ['developer', 'administrator']) {
    const user = await signUp(ctx.app);
    await grantFleetRole(db, user.email, org.fleet, role);
    fleetOnly[role] = user;
  }
  // The staff way to a fleet without its organization: a support agent, while the fleet grants support access.
  const agent = await signUp(ctx.app);
  await db.updateTable('user').set({ is_support_agent: true }).where('email', '=', agent.email).execute();
  await db.updateTable('application').set({ is_accessible_by_support_until__date: new Date(Date.now() + 3600_000) }).where('id', '=', org.fleet.applicationId).execute();
  fleetOnly['support agent'] = agent;
  await db
    .updateTable('organization')
    .set({ has_past_due_invoice_since__date: PAST_DUE_SINCE, is_frozen: true, billing_account_code: BILLING_ACCOUNT })
    .where('id', '=', org.orgId)
    .execute();
  const plan = await db.selectFrom('plan').select('id').where('billing_code', '=', 'free').executeTakeFirstOrThrow();
  const existing = await db.selectFrom('subscription').select('id').where('is_for__organization', '=', org.orgId).executeTakeFirst();
  if (!existing) await db.insertInto('subscription').values({ is_for__organization: org.orgId, is_for__plan: plan.id }).execute();
  await db.insertInto('invoice').values({ uuid: randomUUID(), organization: org.orgId, invoice_number: `FLT-${randomUUID().slice(0, 8)}`, state: 'past_due', total_in_cents: 4900 }).execute();
  const feature = await db.selectFrom('feature').select('id').executeTakeFirstOrThrow();
  await db.insertInto('credit_bundle').values({ belongs_to__organization: org.orgId, is_for__feature: feature.id, original_quantity: 10, total_balance: 10, total_cost: 2000, payment_status: 'paid' }).execute();
});
afterAll(async () => {
  await ctx?.close();
});

const get = async (url: string, token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().d as Record<string, unknown>[];
};

const ORG_SELECT = '$select=id,name,handle,is_frozen,has_past_due_invoice_since__date,billing_account_code';

describe.each(['developer', 'administrator', 'support agent'])('a fleet %s who is not a member of the organization', (role) => {
  const token = () => (fleetOnly[role] as TestUser).token;

  it('reads the organization as the fleet pages need it (id, name, is_frozen), and no billing state', async () => {
    const [row] = await get(`/v7/organization(${org.orgId})?${ORG_SELECT}`, token());
    expect(row).toMatchObject({ id: org.orgId, is_frozen: true, has_past_due_invoice_since__date: null, billing_account_code: null });
    expect(row?.name).toEqual(expect.any(String));
    const [fleet] = await get(`/v7/application(${org.fleet.applicationId})?$select=id&$expand=organization(${ORG_SELECT})`, token());
    expect(fleet?.organization).toEqual([row]);
  });

  it('cannot tell the past-due date or the billing account through a filter or an order', async () => {
    for (const filter of ['has_past_due_invoice_since__date ne null', `has_past_due_invoice_since__date eq datetime'${PAST_DUE_SINCE}'`, `billing_account_code eq '${BILLING_ACCOUNT}'`, "startswith(billing_account_code,'acct')"]) {
      expect(await get(`/v7/organization?$select=id&$filter=id eq ${org.orgId} and ${filter}`, token()), filter).toEqual([]);
    }
    expect(await get(`/v7/application?$select=id&$filter=id eq ${org.fleet.applicationId} and organization/any(o:o/has_past_due_invoice_since__date ne null)`, token())).toEqual([]);
    // The fleet row itself stays readable: only the billing state is withheld.
    expect(await get(`/v7/application?$select=id&$filter=id eq ${org.fleet.applicationId} and organization/any(o:o/is_frozen eq true)`, token())).toHaveLength(1);
  });

  it('sees no subscription, invoice or credit bundle of the organization', async () => {
    expect(await get(`/v7/subscription?$select=id&$filter=is_for__organization eq ${org.orgId}`, token())).toEqual([]);
    expect(await get(`/v7/invoice?$select=id&$filter=organization eq ${org.orgId}`, token())).toEqual([]);
    expect(await get(`/v7/credit_bundle?$select=id&$filter=belongs_to__organization eq ${org.orgId}`, token())).toEqual([]);
    const [row] = await get(`/v7/organization(${org.orgId})?$select=id&$expand=subscription($select=id),owns__credit_bundle($select=id),organization_credit_notification($select=id)`, token());
    expect(row).toMatchObject({ subscription: [], owns__credit_bundle: [], organization_credit_notification: [] });
  });

  it('gets the same 404 as a stranger from the billing routes', async () => {
    for (const path of ['', '/plan', '/info', '/invoices', '/usage', '/can-access-support']) {
      const res = await call(ctx.app, 'GET', `/billing/v1/account/${org.orgId}${path}`, token());
      expect(res.statusCode, `${path} ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ error: ORGANIZATION_NOT_FOUND });
    }
  });
});

describe('organization members keep what their pages show', () => {
  it('a member reads the past-due date (the notice on every organization page), not the billing account', async () => {
    const [row] = await get(`/v7/organization(${org.orgId})?${ORG_SELECT}`, orgMember.token);
    expect(row).toMatchObject({ is_frozen: true, has_past_due_invoice_since__date: PAST_DUE_SINCE, billing_account_code: null });
    expect(await get(`/v7/organization?$select=id&$filter=id eq ${org.orgId} and has_past_due_invoice_since__date ne null`, orgMember.token)).toHaveLength(1);
  });

  it('an administrator reads both', async () => {
    const [row] = await get(`/v7/organization(${org.orgId})?${ORG_SELECT}`, org.admin.token);
    expect(row).toMatchObject({ has_past_due_invoice_since__date: PAST_DUE_SINCE, billing_account_code: BILLING_ACCOUNT });
    expect(await get(`/v7/organization?$select=id&$filter=id eq ${org.orgId} and billing_account_code eq '${BILLING_ACCOUNT}'`, org.admin.token)).toHaveLength(1);
  });
});
