import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingUsageResponse } from '@flotilla/core/schemas/billing';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { addActiveDevices, addOrgMember, call, orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';
import { sampleUsagePeaks } from './usage-peaks.ts';

/** Peak usage over the billing period (accounts §3 "Billing usage", §7 GET …/usage; usage-peaks.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const usageOf = async (o: BillingOrg) => {
  const res = await call(ctx.app, 'GET', `/billing/v1/account/${o.orgId}/usage`, o.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return billingUsageResponse.parse(res.json());
};
const deactivateDevices = (o: BillingOrg, n: number) =>
  db()
    .updateTable('device')
    .set({ is_active: false })
    .where('id', 'in', (eb) => eb.selectFrom('device').select('id').where('belongs_to__application', '=', o.fleet.applicationId).where('is_active', '=', true).orderBy('id').limit(n))
    .execute();

describe('peak usage', () => {
  it('stays at the most a read counted in the period after the count falls', async () => {
    const o = await orgWithAdmin(ctx.app, db());
    const member = await addOrgMember(ctx.app, db(), o.orgId);
    await addActiveDevices(db(), o.fleet, 12);
    const first = await usageOf(o);
    expect(first.peakUsage).toEqual(first.currentUsage);

    await deactivateDevices(o, 5);
    const user = await db().selectFrom('user').select('id').where('email', '=', member.email).executeTakeFirstOrThrow();
    await db().deleteFrom('organization_membership').where('user', '=', user.id).where('is_member_of__organization', '=', o.orgId).execute();
    const later = await usageOf(o);
    expect(later.currentUsage).toMatchObject({ 'device:any': 7, 'member:member': 0, 'member:administrator': 1 });
    expect(later.peakUsage).toMatchObject({ 'device:any': 12, 'member:member': 1, 'member:administrator': 1 });
  });

  it('includes what the hourly sample saw between reads, and nothing of another organization', async () => {
    const o = await orgWithAdmin(ctx.app, db());
    const other = await orgWithAdmin(ctx.app, db());
    await addActiveDevices(db(), o.fleet, 3);
    await addActiveDevices(db(), other.fleet, 30);
    expect((await usageOf(o)).peakUsage['device:any']).toBe(3);

    await addActiveDevices(db(), o.fleet, 6);
    await sampleUsagePeaks(db(), new Date());
    await deactivateDevices(o, 8);
    const usage = await usageOf(o);
    expect(usage.currentUsage['device:any']).toBe(1);
    expect(usage.peakUsage['device:any']).toBe(9);
  });

  it('counts only the days of the period running now (the calendar month on the free plan)', async () => {
    const o = await orgWithAdmin(ctx.app, db());
    await addActiveDevices(db(), o.fleet, 2);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 24 * 60 * 60 * 1000);
    await db().insertInto('usage_daily_peak').values({ organization: o.orgId, day: lastMonth.toISOString().slice(0, 10), usage_key: 'device:any', peak: 50 }).execute();
    expect((await usageOf(o)).peakUsage['device:any']).toBe(2);
  });
});
