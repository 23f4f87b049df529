import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createDevice, signUp } from '../auth/test-helpers.ts';
import { addOrgMember, call, orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';
import { creditFeatureId } from './credits-test-helpers.ts';

/**
 * Low-credit notifications (accounts spec §3 Organization credit notification, §5 "Notification
 * threshold 0 to 1,500,000", §7 POST/PATCH/DELETE organization_credit_notification): billing
 * users of the organization only; a row of another organization answers as a missing one.
 */
let ctx: TestContext;
let featureId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  featureId = await creditFeatureId(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const create = (token: string, orgId: number, threshold: unknown, feature = featureId) =>
  call(ctx.app, 'POST', '/v7/organization_credit_notification', token, { organization: orgId, owns_credit_notification_for__feature: feature, is_sent_when_below__threshold: threshold });
const patch = (token: string, id: number, body: object) => call(ctx.app, 'PATCH', `/v7/organization_credit_notification(${id})`, token, body);
const remove = (token: string, id: number) => call(ctx.app, 'DELETE', `/v7/organization_credit_notification(${id})`, token);
const thresholds = (orgId: number) =>
  db().selectFrom('organization_credit_notification').select('is_sent_when_below__threshold as t').where('organization', '=', orgId).execute().then((rows) => rows.map((r) => r.t));

describe('organization_credit_notification', () => {
  it('an administrator creates, updates and deletes one, within 0..1,500,000', async () => {
    const o = await orgWithAdmin(ctx.app, db());
    for (const bad of [-1, 1_500_001, 1.5, 'ten']) expect((await create(o.admin.token, o.orgId, bad)).statusCode, String(bad)).toBe(400);
    const created = await create(o.admin.token, o.orgId, 40);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    expect(created.json()).toMatchObject({ organization: { __id: o.orgId }, is_sent_when_below__threshold: 40 });
    // One per organization and feature.
    expect((await create(o.admin.token, o.orgId, 10)).statusCode).toBe(409);

    for (const t of [0, 1_500_000]) expect((await patch(o.admin.token, id, { is_sent_when_below__threshold: t })).statusCode).toBe(200);
    expect(await thresholds(o.orgId)).toEqual([1_500_000]);
    for (const bad of [-1, 1_500_001]) expect((await patch(o.admin.token, id, { is_sent_when_below__threshold: bad })).statusCode).toBe(400);
    // It stays with its organization and feature.
    const other = await orgWithAdmin(ctx.app, db());
    expect((await patch(o.admin.token, id, { organization: other.orgId })).statusCode).toBeGreaterThanOrEqual(400);
    expect(await thresholds(o.orgId)).toEqual([1_500_000]);

    const read = await call(ctx.app, 'GET', `/v7/organization(${o.orgId})?$select=id&$expand=organization_credit_notification($select=is_sent_when_below__threshold)`, o.admin.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().d[0].organization_credit_notification).toEqual([{ is_sent_when_below__threshold: 1_500_000 }]);

    expect((await remove(o.admin.token, id)).statusCode).toBe(200);
    expect(await thresholds(o.orgId)).toEqual([]);
  });

  it('only for the credit feature', async () => {
    const o = await orgWithAdmin(ctx.app, db());
    const seats = await db().selectFrom('feature').select('id').where('slug', '=', 'member:any').executeTakeFirstOrThrow();
    const res = await create(o.admin.token, o.orgId, 5, seats.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_credit_feature');
  });

  it('members, outsiders, device and provisioning keys cannot create, change or remove one; outsiders see a missing row', async () => {
    const o: BillingOrg = await orgWithAdmin(ctx.app, db());
    const { id } = (await create(o.admin.token, o.orgId, 40)).json() as { id: number };
    const member = await addOrgMember(ctx.app, db(), o.orgId);
    const outsider = await signUp(ctx.app);
    await orgWithAdmin(ctx.app, db());
    const provisioningKey = (await call(ctx.app, 'POST', '/api-key/v2/', o.admin.token, { actorType: 'application', actorTypeId: o.fleet.applicationId, expiryDate: null })).json() as string;
    const device = await createDevice(db(), o.fleet);
    const deviceKey = (await call(ctx.app, 'POST', `/api-key/device/${device.id}/device-key`, o.admin.token, {})).json() as string;

    const missing = 2_000_000_000;
    for (const token of [outsider.token, member.token]) {
      // Not readable to them: the same 404 as a row that does not exist.
      const changed = await patch(token, id, { is_sent_when_below__threshold: 1 });
      expect(changed.statusCode).toBe(404);
      expect(changed.json()).toEqual((await patch(token, missing, { is_sent_when_below__threshold: 1 })).json());
      expect((await remove(token, id)).statusCode).toBe(404);
      expect((await create(token, o.orgId, 3)).statusCode).toBe((await create(token, missing, 3)).statusCode);
      const list = await call(ctx.app, 'GET', `/v7/organization_credit_notification?$filter=organization%20eq%20${o.orgId}`, token);
      expect(list.json().d).toEqual([]);
    }
    for (const key of [deviceKey, provisioningKey]) {
      expect((await patch(key, id, { is_sent_when_below__threshold: 1 })).statusCode).toBeGreaterThanOrEqual(400);
      expect((await remove(key, id)).statusCode).toBeGreaterThanOrEqual(400);
      expect((await create(key, o.orgId, 3)).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await thresholds(o.orgId)).toEqual([40]);
  });
});
