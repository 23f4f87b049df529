import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccountInfo, billingInfo, billingPlanInfo, billingPlansResponse, billingUsageResponse, invoicesResponse } from '@flotilla/core/schemas/billing';
import { CARD_DECLINED_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE } from '@flotilla/core/billing/test-cards';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { addActiveDevices, addCard, addOrgMember, call, card, confirmMethod, orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';

/**
 * The billing engine end to end through HTTP on a real database (contract; accounts spec §3,
 * §4 "Plan change", "Payment method flow", "Invoice states", §5 "Company info", §9).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const url = (orgId: number, path = '') => `/billing/v1/account/${orgId}${path}`;
const newOrg = () => orgWithAdmin(ctx.app, db());
const changePlan = (o: BillingOrg, tier: string, cycle: 'monthly' | 'annual' = 'monthly', extra: object = {}) => call(ctx.app, 'PATCH', url(o.orgId, '/plan'), o.admin.token, { tier, cycle, ...extra });
const activeSubscriptions = (orgId: number) =>
  db()
    .selectFrom('subscription as s')
    .innerJoin('plan as p', 'p.id', 's.is_for__plan')
    .select(['p.billing_code', 's.billing_cycle'])
    .where('s.is_for__organization', '=', orgId)
    .where('s.is_active', '=', true)
    .execute();

describe('company info (accounts §5)', () => {
  it('is null before anything is saved, then saved, validated and partially updated', async () => {
    const o = await newOrg();
    const before = await call(ctx.app, 'GET', url(o.orgId), o.admin.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    const saved = await call(ctx.app, 'PATCH', url(o.orgId), o.admin.token, {
      email: ' billing@example.com ',
      company_name: 'Acme Ltd',
      address: { address1: '1 Main St', city: 'Springfield', zip: '12345', country: 'US' },
      tax_id: { type: 'us_ein', value: '12-3456789' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(billingAccountInfo.parse(saved.json())).toEqual({
      account_state: 'active',
      email: 'billing@example.com',
      company_name: 'Acme Ltd',
      address: { address1: '1 Main St', address2: null, city: 'Springfield', state: null, zip: '12345', country: 'US', phone: null },
      tax_id: { type: 'us_ein', value: '12-3456789', country: null },
    });

    // Omitted fields keep their values; an eu_vat without a country takes its member state's.
    const vat = await call(ctx.app, 'PATCH', url(o.orgId), o.admin.token, { email: 'billing@example.com', tax_id: { type: 'eu_vat', value: 'DE123456789' } });
    expect(vat.json()).toMatchObject({ company_name: 'Acme Ltd', address: { city: 'Springfield' }, tax_id: { type: 'eu_vat', value: 'DE123456789', country: 'DE' } });
    const cleared = await call(ctx.app, 'PATCH', url(o.orgId), o.admin.token, { email: 'billing@example.com', tax_id: null });
    expect(cleared.json().tax_id).toBeNull();
    expect((await call(ctx.app, 'GET', url(o.orgId), o.admin.token)).json()).toEqual(cleared.json());
  });

  it('refuses a tax id that fails its type (invalid_tax_id), a missing email and over-long fields', async () => {
    const o = await newOrg();
    for (const tax_id of [
      { type: 'us_ein', value: '123456789' },
      { type: 'gb_vat', value: 'GB12345' },
      { type: 'eu_vat', value: 'DE123456789', country: 'FR' },
      { type: 'no_such_type', value: '1' },
    ]) {
      const res = await call(ctx.app, 'PATCH', url(o.orgId), o.admin.token, { email: 'a@example.com', tax_id });
      expect(res.statusCode, JSON.stringify(tax_id)).toBe(400);
      expect(res.json().code).toBe('invalid_tax_id');
    }
    expect((await call(ctx.app, 'PATCH', url(o.orgId), o.admin.token, { company_name: 'x' })).statusCode).toBe(400);
    expect((await call(ctx.app, 'PATCH', url(o.orgId), o.admin.token, { email: 'a@example.com', company_name: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', url(o.orgId), o.admin.token)).json()).toBeNull();
  });
});

describe('payment method, plan upgrade, invoices (accounts §4)', () => {
  it('setup intent → confirm 4242… → PATCH info → upgrade → paid invoice → PDF; another organization cannot read it', async () => {
    const o = await newOrg();
    expect((await call(ctx.app, 'GET', url(o.orgId, '/info'), o.admin.token)).json()).toEqual({});
    const info = await addCard(ctx.app, o.orgId, o.admin.token);
    expect(billingInfo.parse(info)).toEqual({ type: 'card', first_one: '4', last_four: '4242', card_type: 'visa', month: 12, year: new Date().getUTCFullYear() + 5, routing_number: null, company: null });
    expect((await call(ctx.app, 'GET', url(o.orgId, '/info'), o.admin.token)).json()).toEqual(info);
    // The card number is never stored.
    const stored = await sql<{ t: string }>`SELECT row_to_json(s)::text AS t FROM setup_intent s WHERE organization = ${o.orgId}`.execute(db());
    expect(stored.rows.map((r) => r.t).join()).not.toContain('4242424242424242');

    const upgraded = await changePlan(o, 'pilot-v2', 'monthly');
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const plan = billingPlanInfo.parse(upgraded.json());
    expect(plan).toMatchObject({ billing_code: 'pilot-v2', cycle: 'monthly', intervalLength: 1, monthly_price: 29900, is_custom: false, support: { includes_private_support: true } });
    expect(plan.nextBill?.totalCents).toBe(29900);
    expect(new Date(plan.nextBill!.date).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await activeSubscriptions(o.orgId)).toEqual([{ billing_code: 'pilot-v2', billing_cycle: 'monthly' }]);
    expect((await call(ctx.app, 'GET', url(o.orgId, '/can-access-support'), o.admin.token)).json()).toBe(true);

    const invoices = invoicesResponse.parse((await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).json());
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ state: 'paid', total_in_cents: 29900 });
    expect(invoices[0]!.invoice_number).toMatch(/^FLT-\d{6,}$/);

    const pdf = await call(ctx.app, 'GET', url(o.orgId, `/invoices/${invoices[0]!.invoice_number}/download`), o.admin.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoices[0]!.invoice_number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(800);

    // Another organization's administrator: not found through their own organization, nor through this one.
    const other = await newOrg();
    const viaOwn = await call(ctx.app, 'GET', url(other.orgId, `/invoices/${invoices[0]!.invoice_number}/download`), other.admin.token);
    expect(viaOwn.statusCode).toBe(404);
    // A streamed download: the sentence alone, as text (balena-sdk's stream path shows the body as is).
    expect(viaOwn.headers['content-type']).toMatch(/^text\/plain/);
    expect(viaOwn.body).toBe('Invoice not found');
    expect((await call(ctx.app, 'GET', url(o.orgId, `/invoices/${invoices[0]!.invoice_number}/download`), other.admin.token)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url(other.orgId, '/invoices'), other.admin.token)).json()).toEqual([]);
  });

  it('a draft invoice is not downloadable (invoice_not_ready); invoices are listed newest first', async () => {
    const o = await newOrg();
    await db().insertInto('invoice').values({ uuid: `u-${o.orgId}-1`, organization: o.orgId, invoice_number: `T-${o.orgId}-1`, state: 'paid', total_in_cents: 100, created_at: '2026-01-01T00:00:00Z' }).execute();
    await db().insertInto('invoice').values({ uuid: `u-${o.orgId}-2`, organization: o.orgId, invoice_number: `T-${o.orgId}-2`, state: 'draft', total_in_cents: 200, created_at: '2026-02-01T00:00:00Z' }).execute();
    const list = (await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).json() as { invoice_number: string }[];
    expect(list.map((i) => i.invoice_number)).toEqual([`T-${o.orgId}-2`, `T-${o.orgId}-1`]);
    const draft = await call(ctx.app, 'GET', url(o.orgId, `/invoices/T-${o.orgId}-2/download`), o.admin.token);
    expect(draft.statusCode).toBe(409);
    expect(draft.body).toBe(BILLING_MESSAGES.invoiceNotReady);
  });

  it('a cycle change charges the annual price', async () => {
    const o = await newOrg();
    await addCard(ctx.app, o.orgId, o.admin.token, '5555555555554444');
    expect((await changePlan(o, 'prototype-v2')).statusCode).toBe(200);
    const annual = await changePlan(o, 'prototype-v2', 'annual');
    expect(annual.statusCode).toBe(200);
    expect(annual.json()).toMatchObject({ cycle: 'annual', intervalLength: 12 });
    const totals = ((await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).json() as { total_in_cents: number }[]).map((i) => i.total_in_cents);
    expect(totals).toEqual([106920, 9900]);
    // The same plan and cycle again changes nothing and charges nothing.
    expect((await changePlan(o, 'prototype-v2', 'annual')).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).json()).toHaveLength(2);
  });
});

describe('declines and refusals', () => {
  it('declined cards answer 402 at confirmation and cannot be saved', async () => {
    const o = await newOrg();
    for (const [number, message] of [
      ['4000000000000002', CARD_DECLINED_MESSAGE],
      ['4000000000009995', INSUFFICIENT_FUNDS_MESSAGE],
    ] as const) {
      const { id, confirm } = await confirmMethod(ctx.app, o.orgId, o.admin.token, card(number));
      expect(confirm.statusCode).toBe(402);
      expect(confirm.json()).toEqual({ id, status: 'requires_payment_method', error: { message } });
      const save = await call(ctx.app, 'PATCH', url(o.orgId, '/info'), o.admin.token, { token_id: id, type: 'setup_intent' });
      expect(save.statusCode).toBe(400);
      expect(save.json().code).toBe('invalid_setup_intent');
    }
    expect((await call(ctx.app, 'GET', url(o.orgId, '/info'), o.admin.token)).json()).toEqual({});
  });

  it('a declined charge is 402 payment_failed, leaves a failed invoice and no plan change', async () => {
    const o = await newOrg();
    await addCard(ctx.app, o.orgId, o.admin.token, '4000000000000341');
    const res = await changePlan(o, 'pilot-v2');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: CARD_DECLINED_MESSAGE, code: 'payment_failed' });
    expect(await activeSubscriptions(o.orgId)).toEqual([]);
    expect((await call(ctx.app, 'GET', url(o.orgId, '/plan'), o.admin.token)).json()).toMatchObject({ billing_code: 'free', cycle: 'monthly', nextBill: null });
    expect((await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).json()).toMatchObject([{ state: 'failed', total_in_cents: 29900 }]);
  });

  it('a paid plan needs a payment method (payment_method_required); an unknown tier is 400', async () => {
    const o = await newOrg();
    const res = await changePlan(o, 'pilot-v2');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('payment_method_required');
    expect(await activeSubscriptions(o.orgId)).toEqual([]);
    const unknown = await changePlan(o, 'platinum-v9');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknown_plan');
    expect((await call(ctx.app, 'PATCH', url(o.orgId, '/plan'), o.admin.token, { tier: 'pilot-v2', cycle: 'weekly' })).statusCode).toBe(400);
  });

  it('contact_sales: a target or a current plan that is not self-serve', async () => {
    const o = await newOrg();
    await addCard(ctx.app, o.orgId, o.admin.token);
    const enterprise = await changePlan(o, 'enterprise-v2');
    expect(enterprise.statusCode).toBe(409);
    expect(enterprise.json().code).toBe('contact_sales');
    const custom = await db().selectFrom('plan').select('id').where('billing_code', '=', 'custom').executeTakeFirstOrThrow();
    await db().insertInto('subscription').values({ is_for__organization: o.orgId, is_for__plan: custom.id }).execute();
    expect((await call(ctx.app, 'GET', url(o.orgId, '/plan'), o.admin.token)).json()).toMatchObject({ billing_code: 'custom', is_custom: true });
    for (const tier of ['pilot-v2', 'free']) {
      const res = await changePlan(o, tier);
      expect(res.statusCode, tier).toBe(409);
      expect(res.json().code).toBe('contact_sales');
    }
    expect(await activeSubscriptions(o.orgId)).toEqual([{ billing_code: 'custom', billing_cycle: 'monthly' }]);
  });

  it('moving to free is blocked past the free allowance or with a frozen device, allowed within it', async () => {
    const o = await newOrg();
    await addCard(ctx.app, o.orgId, o.admin.token);
    expect((await changePlan(o, 'prototype-v2')).statusCode).toBe(200);
    await addActiveDevices(db(), o.fleet, 11);
    const tooMany = await changePlan(o, 'free');
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('contact_sales');
    // Deactivated devices do not count; a frozen one blocks.
    await sql`UPDATE device SET is_active = false WHERE id IN (SELECT id FROM device WHERE belongs_to__application = ${o.fleet.applicationId} ORDER BY id LIMIT 2)`.execute(db());
    await sql`UPDATE device SET is_frozen = true WHERE id = (SELECT id FROM device WHERE belongs_to__application = ${o.fleet.applicationId} AND is_active ORDER BY id LIMIT 1)`.execute(db());
    expect((await changePlan(o, 'free')).json().code).toBe('contact_sales');
    await sql`UPDATE device SET is_frozen = false WHERE belongs_to__application = ${o.fleet.applicationId}`.execute(db());
    const free = await changePlan(o, 'free', 'annual', { planChangeReason: 'Too expensive' });
    expect(free.statusCode, free.body).toBe(200);
    // Free is always monthly (cancelling moves to free, monthly).
    expect(free.json()).toMatchObject({ billing_code: 'free', cycle: 'monthly', nextBill: null });
    const reason = await db().selectFrom('subscription').select('plan_change_reason').where('is_for__organization', '=', o.orgId).where('is_active', '=', true).executeTakeFirstOrThrow();
    expect(reason.plan_change_reason).toBe('Too expensive');
  });

  it('the payment method cannot be removed on a paid plan; on free it can', async () => {
    const o = await newOrg();
    await addCard(ctx.app, o.orgId, o.admin.token);
    expect((await changePlan(o, 'prototype-v2')).statusCode).toBe(200);
    const refused = await call(ctx.app, 'DELETE', url(o.orgId, '/info'), o.admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('payment_method_required');
    expect((await call(ctx.app, 'GET', url(o.orgId, '/info'), o.admin.token)).json()).toMatchObject({ last_four: '4242' });
    expect((await changePlan(o, 'free')).statusCode).toBe(200);
    expect((await call(ctx.app, 'DELETE', url(o.orgId, '/info'), o.admin.token)).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', url(o.orgId, '/info'), o.admin.token)).json()).toEqual({});
  });

  it("a setup intent of another organization is refused (invalid_setup_intent)", async () => {
    const a = await newOrg();
    const b = await newOrg();
    const { id, confirm } = await confirmMethod(ctx.app, a.orgId, a.admin.token, card('4242424242424242'));
    expect(confirm.statusCode).toBe(200);
    const res = await call(ctx.app, 'PATCH', url(b.orgId, '/info'), b.admin.token, { token_id: id, type: 'setup_intent' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_setup_intent');
    expect((await call(ctx.app, 'GET', url(b.orgId, '/info'), b.admin.token)).json()).toEqual({});
  });
});

describe('local processor confirm', () => {
  it('needs the matching client_secret (same 404 as an unknown intent), refuses a second confirmation, and is rate limited', async () => {
    const o = await newOrg();
    const si = (await call(ctx.app, 'POST', url(o.orgId, '/setup-intent'), o.admin.token, {})).json() as { id: string; client_secret: string };
    expect(si.client_secret.startsWith(`${si.id}_secret_`)).toBe(true);
    const stored = await db().selectFrom('setup_intent').select('client_secret').where('provider_id', '=', si.id).executeTakeFirstOrThrow();
    expect(stored.client_secret).not.toContain(si.client_secret);
    const confirmUrl = (id: string) => `/billing/v1/local-processor/setup-intents/${id}/confirm`;
    const wrong = await ctx.app.inject({ method: 'POST', url: confirmUrl(si.id), payload: { client_secret: `${si.client_secret}x`, method: card('4242424242424242') } });
    const unknown = await ctx.app.inject({ method: 'POST', url: confirmUrl('seti_nothing'), payload: { client_secret: si.client_secret, method: card('4242424242424242') } });
    expect(wrong.statusCode).toBe(404);
    expect(unknown.body).toBe(wrong.body);
    const ok = await ctx.app.inject({ method: 'POST', url: confirmUrl(si.id), payload: { client_secret: si.client_secret, method: card('4242424242424242') } });
    expect(ok.json()).toEqual({ id: si.id, status: 'succeeded' });
    const again = await ctx.app.inject({ method: 'POST', url: confirmUrl(si.id), payload: { client_secret: si.client_secret, method: card('5555555555554444') } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('setup_intent_unexpected_state');

    const other = (await call(ctx.app, 'POST', url(o.orgId, '/setup-intent'), o.admin.token, {})).json() as { id: string; client_secret: string };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await ctx.app.inject({ method: 'POST', url: confirmUrl(other.id), payload: { client_secret: 'guess', method: card('4242424242424242') } })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('accepts SEPA and US bank accounts', async () => {
    const o = await newOrg();
    const { id, confirm } = await confirmMethod(ctx.app, o.orgId, o.admin.token, { type: 'us_bank_account', routing_number: '110000000', account_number: '000123456789' });
    expect(confirm.statusCode).toBe(200);
    const info = await call(ctx.app, 'PATCH', url(o.orgId, '/info'), o.admin.token, { token_id: id });
    expect(info.json()).toMatchObject({ type: 'us_bank_account', last_four: '6789', routing_number: '110000000', card_type: null });
    const sepa = await confirmMethod(ctx.app, o.orgId, o.admin.token, { type: 'sepa_debit', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(sepa.confirm.statusCode).toBe(200);
  });
});

describe('frozen organization, concurrency, usage, plans', () => {
  it('a frozen organization can still use billing and pay', async () => {
    const o = await newOrg();
    await db().updateTable('organization').set({ is_frozen: true }).where('id', '=', o.orgId).execute();
    expect((await call(ctx.app, 'GET', url(o.orgId, '/plan'), o.admin.token)).statusCode).toBe(200);
    expect((await call(ctx.app, 'PATCH', url(o.orgId), o.admin.token, { email: 'frozen@example.com' })).statusCode).toBe(200);
    await addCard(ctx.app, o.orgId, o.admin.token);
    expect((await changePlan(o, 'pilot-v2')).statusCode).toBe(200);
  });

  it('concurrent plan changes leave exactly one active subscription', async () => {
    const o = await newOrg();
    await addCard(ctx.app, o.orgId, o.admin.token);
    const tiers = ['pilot-v2', 'production-v2', 'pilot-v2', 'prototype-v2', 'production-v2', 'pilot-v2'];
    const results = await Promise.all(tiers.map((t) => changePlan(o, t)));
    expect(results.map((r) => r.statusCode)).toEqual(tiers.map(() => 200));
    const active = await activeSubscriptions(o.orgId);
    expect(active).toHaveLength(1);
    const all = await db().selectFrom('subscription').select('id').where('is_for__organization', '=', o.orgId).execute();
    const invoices = (await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).json() as unknown[];
    // Each change that happened was charged once; a repeat of the plan in force was not.
    expect(invoices).toHaveLength(all.length);
  });

  it('usage counts members by effective seat role and active devices; charges apply past the included ones on paid plans', async () => {
    const o = await newOrg();
    await addOrgMember(ctx.app, db(), o.orgId);
    await addActiveDevices(db(), o.fleet, 12);
    await addActiveDevices(db(), o.fleet, 1);
    await sql`UPDATE device SET is_active = false WHERE id = (SELECT max(id) FROM device WHERE belongs_to__application = ${o.fleet.applicationId})`.execute(db());
    const free = billingUsageResponse.parse((await call(ctx.app, 'GET', url(o.orgId, '/usage'), o.admin.token)).json());
    expect(free.currentUsage).toMatchObject({ 'member:administrator': 1, 'member:member': 1, 'member:developer': 0, 'device:any': 12 });
    expect(free.peakUsage).toEqual(free.currentUsage);
    expect(free.overage).toEqual({ 'device:any': 2 });
    expect(free.charges).toEqual([]);

    await addCard(ctx.app, o.orgId, o.admin.token);
    expect((await changePlan(o, 'prototype-v2')).statusCode).toBe(200);
    await addActiveDevices(db(), o.fleet, 10);
    const paid = billingUsageResponse.parse((await call(ctx.app, 'GET', url(o.orgId, '/usage'), o.admin.token)).json());
    expect(paid.overage).toEqual({ 'device:any': 2 });
    expect(paid.charges).toEqual([{ code: 'device:any', title: 'Additional devices', quantity: 2, unitCents: 200, totalCents: 400 }]);
    const plan = (await call(ctx.app, 'GET', url(o.orgId, '/plan'), o.admin.token)).json();
    expect(plan.nextBill.totalCents).toBe(9900 + 400);
  });

  it('lists selectable plans by monthly price with their features; custom and legacy plans are not offered', async () => {
    const o = await newOrg();
    await db().insertInto('plan').values({ title: 'Old', billing_code: `legacy-${o.orgId}`, is_legacy: true, monthly_price: 1 }).execute();
    const plans = billingPlansResponse.parse((await call(ctx.app, 'GET', url(o.orgId, '/plans'), o.admin.token)).json());
    expect(plans.map((p) => p.billing_code)).toEqual(['free', 'prototype-v2', 'pilot-v2', 'production-v2', 'enterprise-v2']);
    expect(plans[0]!.features).toContainEqual({ slug: 'device:any', title: 'Devices', quantity: 10 });
    expect((await call(ctx.app, 'GET', url(o.orgId, '/can-access-support'), o.admin.token)).json()).toBe(false);
    const planInfo = billingPlanInfo.parse((await call(ctx.app, 'GET', url(o.orgId, '/plan'), o.admin.token)).json());
    expect(planInfo).toMatchObject({ billing_code: 'free', cycle: 'monthly', starts_on: null, nextBill: null, support: { slug: 'community' } });
  });
});
