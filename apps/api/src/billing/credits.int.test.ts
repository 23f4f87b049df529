import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DECLINED_MESSAGE } from '@flotilla/core/billing/test-cards';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createDevice, signUp } from '../auth/test-helpers.ts';
import { addCard, addOrgMember, call, orgWithAdmin } from './billing-test-helpers.ts';
import { balanceOf, buyCredits, creditFeatureId, listBundles, orgOnPlan } from './credits-test-helpers.ts';

/**
 * Buying prepaid credits the way balena-sdk does (POST /v7/credit_bundle; accounts spec §3
 * Credit bundle, §4 "Credit bundle payment_status", §5 Credits, §8 Credits errors, §9): only
 * billing users of the organization, only plans with credits, a payment method first, 1 to
 * 1,500,000 credits, under 1e8 cents; the charge goes through the payment provider.
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
const invoices = (orgId: number, token: string) => call(ctx.app, 'GET', `/billing/v1/account/${orgId}/invoices`, token).then((r) => r.json() as { state: string; total_in_cents: number }[]);

describe('a purchase', () => {
  it('with a good card is paid, priced per device-month, and grows the balance', async () => {
    const o = await orgOnPlan(ctx.app, db(), 'pilot-v2');
    expect(await balanceOf(ctx.app, o.admin.token, o.orgId)).toBe(0);
    const res = await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 10);
    expect(res.statusCode, res.body).toBe(201);
    const admin = await db().selectFrom('user').select('id').where('email', '=', o.admin.email).executeTakeFirstOrThrow();
    expect(res.json()).toMatchObject({
      belongs_to__organization: { __id: o.orgId },
      is_for__feature: { __id: featureId },
      is_created_by__user: { __id: admin.id },
      original_quantity: 10,
      total_balance: 10,
      total_cost: 2000,
      payment_status: 'paid',
      error_message: null,
    });
    // Credits expire ten years after purchase (accounts §9).
    const expires = new Date(res.json().expires_on__date as string).getUTCFullYear();
    expect(expires - new Date().getUTCFullYear()).toBe(10);
    expect(await balanceOf(ctx.app, o.admin.token, o.orgId)).toBe(10);

    expect((await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 5)).json().payment_status).toBe('paid');
    expect(await balanceOf(ctx.app, o.admin.token, o.orgId)).toBe(15);
    expect((await listBundles(ctx.app, o.admin.token, o.orgId)).map((b) => b.original_quantity)).toEqual([5, 10]);
    // Each purchase is an invoice charged through the payment provider.
    const paid = (await invoices(o.orgId, o.admin.token)).filter((i) => i.total_in_cents === 2000 || i.total_in_cents === 1000);
    expect(paid.map((i) => [i.state, i.total_in_cents])).toEqual([
      ['paid', 1000],
      ['paid', 2000],
    ]);
  });

  it('the subscription discount lowers the price per credit', async () => {
    const o = await orgOnPlan(ctx.app, db(), 'production-v2');
    await db().updateTable('subscription').set({ discount_percentage: 25 }).where('is_for__organization', '=', o.orgId).where('is_active', '=', true).execute();
    expect((await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 4)).json()).toMatchObject({ total_cost: 600, payment_status: 'paid' });
  });

  it('with a card whose charges are declined is failed with the message, and the balance is unchanged', async () => {
    const o = await orgOnPlan(ctx.app, db(), 'pilot-v2');
    expect((await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 3)).statusCode).toBe(201);
    await addCard(ctx.app, o.orgId, o.admin.token, '4000000000000341');
    const res = await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 10);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ original_quantity: 10, total_balance: 0, total_cost: 2000, payment_status: 'failed', error_message: CARD_DECLINED_MESSAGE });
    expect(await balanceOf(ctx.app, o.admin.token, o.orgId)).toBe(3);
    expect((await invoices(o.orgId, o.admin.token))[0]).toMatchObject({ state: 'failed', total_in_cents: 2000 });
  });
});

describe('refusals', () => {
  it('a plan without credits (free, prototype) is 409 credits_not_supported, and nothing is stored', async () => {
    const free = await orgWithAdmin(ctx.app, db());
    await addCard(ctx.app, free.orgId, free.admin.token);
    const res = await buyCredits(ctx.app, free.admin.token, free.orgId, featureId, 10);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('credits_not_supported');
    const prototype = await orgOnPlan(ctx.app, db(), 'prototype-v2');
    expect((await buyCredits(ctx.app, prototype.admin.token, prototype.orgId, featureId, 10)).json().code).toBe('credits_not_supported');
    expect(await listBundles(ctx.app, free.admin.token, free.orgId)).toEqual([]);
  });

  it('without a payment method: 409 "must have a payment method set up"', async () => {
    const o = await orgOnPlan(ctx.app, db(), 'pilot-v2');
    await db().deleteFrom('billing_info').where('organization', '=', o.orgId).execute();
    const res = await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 10);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'payment_method_required' });
    expect(res.json().error).toContain('must have a payment method set up');
    expect(await listBundles(ctx.app, o.admin.token, o.orgId)).toEqual([]);
  });

  it('quantities outside 1..1,500,000, totals of 1e8 cents and more, and other features', async () => {
    const o = await orgOnPlan(ctx.app, db(), 'pilot-v2');
    for (const quantity of [0, -1, 1_500_001, 2.5]) {
      const res = await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, quantity);
      expect(res.statusCode, `${quantity}: ${res.body}`).toBe(400);
    }
    // 499,999 × 200 = 99,999,800 cents: self-serve; 500,000 × 200 = 1e8: contact sales.
    const sales = await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 500_000);
    expect(sales.statusCode).toBe(409);
    expect(sales.json().code).toBe('contact_sales');
    expect((await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 1_500_000)).json().code).toBe('contact_sales');
    expect((await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 499_999)).json()).toMatchObject({ payment_status: 'paid', total_cost: 99_999_800 });
    const seats = await db().selectFrom('feature').select('id').where('slug', '=', 'member:any').executeTakeFirstOrThrow();
    const wrong = await buyCredits(ctx.app, o.admin.token, o.orgId, seats.id, 10);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_credit_feature');
    // The server owns price, balance and status.
    const forged = await call(ctx.app, 'POST', '/v7/credit_bundle', o.admin.token, { belongs_to__organization: o.orgId, is_for__feature: featureId, original_quantity: 1, payment_status: 'paid' });
    expect(forged.statusCode).toBe(400);
    expect(await balanceOf(ctx.app, o.admin.token, o.orgId)).toBe(499_999);
  });

  it('a member, an outsider, an unknown organization, device and provisioning keys: refused alike, nothing stored or charged', async () => {
    const o = await orgOnPlan(ctx.app, db(), 'pilot-v2');
    const member = await addOrgMember(ctx.app, db(), o.orgId);
    const outsider = await signUp(ctx.app);
    // The outsider's own organization on a credits plan: administering one is not enough.
    await orgOnPlan(ctx.app, db(), 'pilot-v2');
    const provisioningKey = (await call(ctx.app, 'POST', '/api-key/v2/', o.admin.token, { actorType: 'application', actorTypeId: o.fleet.applicationId, expiryDate: null })).json() as string;
    const device = await createDevice(db(), o.fleet);
    const deviceKey = (await call(ctx.app, 'POST', `/api-key/device/${device.id}/device-key`, o.admin.token, {})).json() as string;

    const outsiderAnswer = await buyCredits(ctx.app, outsider.token, o.orgId, featureId, 10);
    const unknownAnswer = await buyCredits(ctx.app, outsider.token, 2_000_000_000, featureId, 10);
    expect(outsiderAnswer.statusCode).toBe(unknownAnswer.statusCode);
    expect(outsiderAnswer.json()).toEqual(unknownAnswer.json());
    // The engine's pre-check refuses the candidate row before any hook looks at the organization.
    expect(outsiderAnswer.statusCode).toBe(401);
    expect((await buyCredits(ctx.app, member.token, o.orgId, featureId, 10)).statusCode).toBe(outsiderAnswer.statusCode);
    for (const key of [deviceKey, provisioningKey]) {
      const res = await buyCredits(ctx.app, key, o.orgId, featureId, 10);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await buyCredits(ctx.app, '', o.orgId, featureId, 10)).statusCode).toBe(401);
    // Members and outsiders cannot list the bundles either (the same empty answer as none).
    expect(await listBundles(ctx.app, member.token, o.orgId)).toEqual([]);
    expect(await listBundles(ctx.app, outsider.token, o.orgId)).toEqual([]);
    expect(await listBundles(ctx.app, o.admin.token, o.orgId)).toEqual([]);
    const charged = await db().selectFrom('invoice').select('id').where('organization', '=', o.orgId).where('total_in_cents', '=', 2000).execute();
    expect(charged).toEqual([]);
  });

  it('bundles cannot be changed or removed through OData', async () => {
    const o = await orgOnPlan(ctx.app, db(), 'pilot-v2');
    const bundle = (await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 2)).json() as { id: number };
    expect((await call(ctx.app, 'PATCH', `/v7/credit_bundle(${bundle.id})`, o.admin.token, { original_quantity: 2000 })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(ctx.app, 'DELETE', `/v7/credit_bundle(${bundle.id})`, o.admin.token)).statusCode).toBe(401);
    expect(await balanceOf(ctx.app, o.admin.token, o.orgId)).toBe(2);
  });
});
