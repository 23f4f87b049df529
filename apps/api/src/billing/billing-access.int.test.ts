import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, createDevice, createFleet, signUp } from '../auth/test-helpers.ts';
import { BILLING_ACCESS_REQUIRED, ORGANIZATION_NOT_FOUND } from './billing-access.ts';
import { addOrgMember, call, orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';

/**
 * Who may call each billing route (contract "Auth"; accounts spec §6): the organization's
 * administrator (session or user API key) is answered; a member without
 * resin.organization.access_billing gets 403; an outsider, an unknown id, a device key and a
 * provisioning key get the same 404 as a missing organization; no token is 401.
 */
let ctx: TestContext;
let org: BillingOrg;
let memberToken: string;
let outsiderToken: string;
let adminApiKey: string;
let deviceKey: string;
let provisioningKey: string;
let deviceId: number;
const UNKNOWN_ORG = 2_000_000_000;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await orgWithAdmin(ctx.app, ctx.database.db);
  memberToken = (await addOrgMember(ctx.app, ctx.database.db, org.orgId)).token;
  outsiderToken = (await signUp(ctx.app)).token;
  // The outsider administers an organization of their own: being an administrator somewhere is not enough.
  await createFleet(ctx.database.db);
  adminApiKey = (await call(ctx.app, 'POST', '/api-key/user/full', org.admin.token, { name: 'billing' })).json() as string;
  provisioningKey = (await call(ctx.app, 'POST', '/api-key/v2/', org.admin.token, { actorType: 'application', actorTypeId: org.fleet.applicationId, expiryDate: null })).json() as string;
  const device = await createDevice(ctx.database.db, org.fleet);
  deviceId = device.id;
  deviceKey = (await call(ctx.app, 'POST', `/api-key/device/${device.id}/device-key`, org.admin.token, {})).json() as string;
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** Every route of the contract, with a body the administrator's call is answered for, and that answer's status. */
const ROUTES: { method: Method; path: string; body?: unknown; adminStatus: number }[] = [
  { method: 'GET', path: '', adminStatus: 200 },
  { method: 'PATCH', path: '', body: { email: 'billing@example.com' }, adminStatus: 200 },
  { method: 'GET', path: '/plan', adminStatus: 200 },
  { method: 'GET', path: '/plans', adminStatus: 200 },
  { method: 'PATCH', path: '/plan', body: { tier: 'free', cycle: 'monthly' }, adminStatus: 200 },
  { method: 'GET', path: '/info', adminStatus: 200 },
  { method: 'POST', path: '/setup-intent', body: {}, adminStatus: 200 },
  { method: 'PATCH', path: '/info', body: { token_id: 'seti_unknown', type: 'setup_intent' }, adminStatus: 400 },
  { method: 'DELETE', path: '/info', adminStatus: 204 },
  { method: 'GET', path: '/invoices', adminStatus: 200 },
  { method: 'GET', path: '/invoices/FLT-999999/download', adminStatus: 404 },
  { method: 'GET', path: '/usage', adminStatus: 200 },
  { method: 'GET', path: '/can-access-support', adminStatus: 200 },
];

/** A streamed download answers its errors as the sentence alone (plugins/error-handler.ts `errorsAsText`): no code. */
const STREAMED = new Set(['/invoices/FLT-999999/download']);
const errorOf = (path: string, res: { body: string; json: () => unknown }) => (STREAMED.has(path) ? { error: res.body } : res.json());
const expected = (path: string, body: { error: string; code?: string }) => (STREAMED.has(path) ? { error: body.error } : body);

const send = (method: Method, orgId: number, path: string, token: string | undefined, body?: unknown) => call(ctx.app, method, `/billing/v1/account/${orgId}${path}`, token, body);

describe('billing route access', () => {
  for (const route of ROUTES) {
    const name = `${route.method} ${route.path || '/'}`;

    it(`${name}: administrator (session and user API key) is answered`, async () => {
      for (const token of [org.admin.token, adminApiKey]) {
        const res = await send(route.method, org.orgId, route.path, token, route.body);
        expect(res.statusCode, res.body).toBe(route.adminStatus);
        if (res.statusCode === 404) expect((errorOf(route.path, res) as { error: string }).error).not.toBe(ORGANIZATION_NOT_FOUND);
      }
    });

    it(`${name}: a member without access_billing gets 403`, async () => {
      const res = await send(route.method, org.orgId, route.path, memberToken, route.body);
      expect(res.statusCode).toBe(403);
      expect(errorOf(route.path, res)).toEqual(expected(route.path, { error: BILLING_ACCESS_REQUIRED, code: 'billing_access_required' }));
    });

    it(`${name}: outsider, unknown id, device and provisioning keys get the same 404`, async () => {
      const missing = await send(route.method, UNKNOWN_ORG, route.path, org.admin.token, route.body);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(route.path, missing)).toEqual({ error: ORGANIZATION_NOT_FOUND });
      for (const token of [outsiderToken, deviceKey, provisioningKey]) {
        const res = await send(route.method, org.orgId, route.path, token, route.body);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    });

    it(`${name}: no token is 401`, async () => {
      expect((await send(route.method, org.orgId, route.path, undefined, route.body)).statusCode).toBe(401);
    });
  }

  it('refuses a non-numeric organization id at the boundary', async () => {
    const res = await call(ctx.app, 'GET', '/billing/v1/account/abc/plan', org.admin.token);
    expect(res.statusCode).toBe(400);
  });

  it('the device and provisioning keys used above are live keys', async () => {
    const asDevice = await ctx.app.inject({ method: 'GET', url: `/v7/device(${deviceId})?$select=id`, headers: bearer(deviceKey) });
    expect(asDevice.statusCode, asDevice.body).toBe(200);
    expect(asDevice.json().d).toHaveLength(1);
    const asFleet = await ctx.app.inject({ method: 'GET', url: `/v7/application(${org.fleet.applicationId})?$select=id`, headers: bearer(provisioningKey) });
    expect(asFleet.statusCode, asFleet.body).toBe(200);
  });
});
