import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { bearer, createFleet, makeOrgAdmin, signUp, type TestFleet, type TestUser } from '../auth/test-helpers.ts';

/** Factories of the billing integration tests: each test makes its own organization and users. */
export interface BillingOrg {
  fleet: TestFleet;
  orgId: number;
  admin: TestUser;
}

export async function orgWithAdmin(app: FastifyInstance, db: Db): Promise<BillingOrg> {
  const fleet = await createFleet(db);
  const admin = await signUp(app);
  await makeOrgAdmin(db, admin.email, fleet);
  return { fleet, orgId: fleet.organizationId, admin };
}

export async function addOrgMember(app: FastifyInstance, db: Db, orgId: number): Promise<TestUser> {
  const user = await signUp(app);
  const u = await db.selectFrom('user').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
  const role = await db.selectFrom('organization_membership_role').select('id').where('name', '=', 'member').executeTakeFirstOrThrow();
  await db.insertInto('organization_membership').values({ user: u.id, is_member_of__organization: orgId, organization_membership_role: role.id }).execute();
  return user;
}

export async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export const card = (number: string) => ({ type: 'card' as const, number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 5, cvc: number.startsWith('3') ? '1234' : '123' });

/** Setup intent → local confirm; returns the intent id and the confirm reply. */
export async function confirmMethod(app: FastifyInstance, orgId: number, token: string, method: object) {
  const si = await call(app, 'POST', `/billing/v1/account/${orgId}/setup-intent`, token, { 'g-recaptcha-response': 'dummy' });
  expect(si.statusCode, si.body).toBe(200);
  const { id, client_secret } = si.json() as { id: string; client_secret: string };
  const confirm = await app.inject({ method: 'POST', url: `/billing/v1/local-processor/setup-intents/${id}/confirm`, payload: { client_secret, method } });
  return { id, clientSecret: client_secret, confirm };
}

/** A confirmed card saved as the organization's payment method. */
export async function addCard(app: FastifyInstance, orgId: number, token: string, number = '4242424242424242') {
  const { id, confirm } = await confirmMethod(app, orgId, token, card(number));
  expect(confirm.statusCode, confirm.body).toBe(200);
  const info = await call(app, 'PATCH', `/billing/v1/account/${orgId}/info`, token, { token_id: id, type: 'setup_intent' });
  expect(info.statusCode, info.body).toBe(200);
  return info.json() as Record<string, unknown>;
}

export async function addActiveDevices(db: Db, fleet: TestFleet, n: number, extra: { is_frozen?: boolean } = {}): Promise<void> {
  for (let i = 0; i < n; i++) {
    const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    const uuid = crypto.randomUUID().replaceAll('-', '');
    await db
      .insertInto('device')
      .values({ actor: actor.id, uuid, device_name: `dev-${uuid.slice(0, 8)}`, belongs_to__application: fleet.applicationId, is_of__device_type: fleet.deviceTypeId, ...extra })
      .execute();
  }
}
