import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DECLINED_MESSAGE } from '@flotilla/core/billing/test-cards';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { LocalPaymentProvider } from './payment/local-provider.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './payment/provider.ts';
import { runBillingRenewal } from './renewal.service.ts';
import { changePlan } from './plan-change.service.ts';
import { chargePurchase, recordPurchaseInvoice } from './credits.service.ts';
import { addActiveDevices, addCard, addOrgMember, call, orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';
import { balanceOf, buyCredits, creditFeatureId } from './credits-test-helpers.ts';
import { listLatestEmails } from '../email/outbox.repository.ts';

/**
 * Renewals, past-due invoices and the organization freeze (accounts spec §4 "Organization frozen
 * when invoices are past due more than 60 days", §9), and charges that never happen twice: the
 * renewal job run with a moved clock, on a real database.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const DECLINING_CARD = '4000000000000341'; // saved fine, every charge declined
const db = () => ctx.database.db;
const url = (orgId: number, path = '') => `/billing/v1/account/${orgId}${path}`;
const local = new LocalPaymentProvider();
const run = (now: Date, provider: PaymentProvider = local) => runBillingRenewal(db(), provider, { now });

/** An organization on pilot-v2 monthly, paid with `cardNumber` at its plan change. */
async function paidOrg(cardNumber = '4242424242424242'): Promise<BillingOrg> {
  const o = await orgWithAdmin(ctx.app, db());
  await addCard(ctx.app, o.orgId, o.admin.token);
  expect((await call(ctx.app, 'PATCH', url(o.orgId, '/plan'), o.admin.token, { tier: 'pilot-v2', cycle: 'monthly' })).statusCode).toBe(200);
  if (cardNumber !== '4242424242424242') await addCard(ctx.app, o.orgId, o.admin.token, cardNumber);
  return o;
}

const subscriptionOf = (orgId: number) =>
  db().selectFrom('subscription').select(['id', 'starts_on__date', 'current_period_end']).where('is_for__organization', '=', orgId).where('is_active', '=', true).executeTakeFirstOrThrow();
const invoicesOf = (orgId: number) =>
  db()
    .selectFrom('invoice')
    .select(['id', 'invoice_number', 'state', 'due_on', 'period_start', 'period_end', 'total_in_cents', 'failure_message', 'attempt_count', 'subscription'])
    .where('organization', '=', orgId)
    .orderBy('id')
    .execute();
const organizationOf = (orgId: number) => db().selectFrom('organization').select(['is_frozen', 'has_past_due_invoice_since__date']).where('id', '=', orgId).executeTakeFirstOrThrow();
const chargesOf = (orgId: number) => db().selectFrom('local_payment_charge').select(['idempotency_key', 'succeeded']).where('organization', '=', orgId).orderBy('created_at').execute();
const periodEndOf = async (orgId: number) => new Date((await subscriptionOf(orgId)).current_period_end!);

describe('renewals (accounts §4)', () => {
  it('bills an ended period once: invoice numbered as the others, charged, the period advanced', async () => {
    const o = await paidOrg();
    const end = await periodEndOf(o.orgId);
    // Before the period ends nothing is billed.
    await run(new Date(end.getTime() - HOUR));
    expect(await invoicesOf(o.orgId)).toHaveLength(1);

    // The billing page's "next bill" is what is billed, when it said.
    const { nextBill } = (await call(ctx.app, 'GET', url(o.orgId, '/plan'), o.admin.token)).json() as { nextBill: { date: string; totalCents: number } };
    expect(nextBill.date).toBe(end.toISOString());
    await run(new Date(end.getTime() + HOUR));
    const invoices = await invoicesOf(o.orgId);
    expect(invoices).toHaveLength(2);
    const renewal = invoices[1]!;
    expect(renewal).toMatchObject({ state: 'paid', total_in_cents: nextBill.totalCents, attempt_count: 1, subscription: (await subscriptionOf(o.orgId)).id });
    expect(renewal.invoice_number).toMatch(/^FLT-\d{6}$/);
    expect(new Date(renewal.period_start!).getTime()).toBe(end.getTime());
    expect(new Date(renewal.due_on!).getTime()).toBe(end.getTime());
    const next = await periodEndOf(o.orgId);
    expect(next.getTime()).toBe(new Date(renewal.period_end!).getTime());
    expect(next.getTime()).toBeGreaterThan(end.getTime() + 27 * DAY);

    // Idempotent: another run at the same time bills nothing more.
    await run(new Date(end.getTime() + 2 * HOUR));
    expect(await invoicesOf(o.orgId)).toHaveLength(2);
    expect((await chargesOf(o.orgId)).map((c) => c.idempotency_key)).toEqual(invoices.map((i) => i.invoice_number));
    // The renewal shows on the invoices list.
    const listed = (await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).json() as { state: string }[];
    expect(listed.map((i) => i.state)).toEqual(['paid', 'paid']);
  });

  it('catches up several ended periods in one run, one invoice each, in order; a decline stops the catch-up', async () => {
    const o = await paidOrg();
    const end = await periodEndOf(o.orgId);
    // Three periods ended while the server was stopped.
    // (The run renews every organization's due periods: the count is read from this one's invoices.)
    await run(new Date(end.getTime() + 62 * DAY));
    const renewals = (await invoicesOf(o.orgId)).slice(1);
    expect(renewals.map((i) => i.state)).toEqual(['paid', 'paid', 'paid']);
    expect(new Date(renewals[0]!.period_start!).getTime()).toBe(end.getTime());
    for (let i = 1; i < renewals.length; i += 1) expect(renewals[i]!.period_start).toEqual(renewals[i - 1]!.period_end);
    expect((await periodEndOf(o.orgId)).getTime()).toBe(new Date(renewals[2]!.period_end!).getTime());

    const declining = await paidOrg(DECLINING_CARD);
    const declinedEnd = await periodEndOf(declining.orgId);
    await run(new Date(declinedEnd.getTime() + 62 * DAY));
    expect((await invoicesOf(declining.orgId)).slice(1).map((i) => i.state)).toEqual(['past_due']);
  });

  it('a declined renewal is past_due with the processor message and dates the past-due notice; the period stays', async () => {
    const o = await paidOrg(DECLINING_CARD);
    const end = await periodEndOf(o.orgId);
    await run(new Date(end.getTime() + HOUR));
    const renewal = (await invoicesOf(o.orgId))[1]!;
    expect(renewal).toMatchObject({ state: 'past_due', failure_message: CARD_DECLINED_MESSAGE, attempt_count: 1 });
    const org = await organizationOf(o.orgId);
    expect(new Date(org.has_past_due_invoice_since__date!).getTime()).toBe(end.getTime());
    expect(org.is_frozen).toBe(false);
    expect((await periodEndOf(o.orgId)).getTime()).toBe(end.getTime());
    // The past-due invoice is listed with its due date.
    const listed = (await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).json() as { state: string; due_on: string }[];
    expect(listed[0]).toMatchObject({ state: 'past_due', due_on: end.toISOString() });

    // Retried at most once a day; the same period is never billed twice.
    await run(new Date(end.getTime() + 5 * HOUR));
    expect((await invoicesOf(o.orgId))[1]!.attempt_count).toBe(1);
    await run(new Date(end.getTime() + DAY + 2 * HOUR));
    const invoices = await invoicesOf(o.orgId);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({ state: 'past_due', attempt_count: 2 });
    // Each attempt had its own idempotency key.
    expect((await chargesOf(o.orgId)).map((c) => c.idempotency_key).slice(1)).toEqual([renewal.invoice_number, `${renewal.invoice_number}-r2`]);
    // The first past-due date stays while unpaid.
    expect(new Date((await organizationOf(o.orgId)).has_past_due_invoice_since__date!).getTime()).toBe(end.getTime());
  });

  it('setting a new payment method pays the past-due invoice, clears the notice and advances the period', async () => {
    const o = await paidOrg(DECLINING_CARD);
    const end = await periodEndOf(o.orgId);
    await run(new Date(end.getTime() + HOUR));
    expect((await organizationOf(o.orgId)).has_past_due_invoice_since__date).not.toBeNull();

    await addCard(ctx.app, o.orgId, o.admin.token, '4242424242424242');
    const invoices = await invoicesOf(o.orgId);
    expect(invoices[1]).toMatchObject({ state: 'paid', attempt_count: 2, failure_message: null });
    expect(await organizationOf(o.orgId)).toEqual({ is_frozen: false, has_past_due_invoice_since__date: null });
    expect((await periodEndOf(o.orgId)).getTime()).toBe(new Date(invoices[1]!.period_end!).getTime());
  });

  it('a retry that succeeds clears the notice', async () => {
    const o = await paidOrg(DECLINING_CARD);
    const end = await periodEndOf(o.orgId);
    await run(new Date(end.getTime() + HOUR));
    // The card starts working (the processor's record of it changes), the daily retry pays.
    await sql`UPDATE setup_intent SET payment_method = jsonb_set(payment_method, '{chargeSucceeds}', 'true') WHERE organization = ${o.orgId}`.execute(db());
    await run(new Date(end.getTime() + DAY + 2 * HOUR));
    expect((await invoicesOf(o.orgId))[1]).toMatchObject({ state: 'paid', attempt_count: 2 });
    expect(await organizationOf(o.orgId)).toEqual({ is_frozen: false, has_past_due_invoice_since__date: null });
  });

  it('without a payment method the renewal is past due', async () => {
    const o = await paidOrg();
    await db().deleteFrom('billing_info').where('organization', '=', o.orgId).execute();
    const end = await periodEndOf(o.orgId);
    await run(new Date(end.getTime() + HOUR));
    expect((await invoicesOf(o.orgId))[1]).toMatchObject({ state: 'past_due', failure_message: 'No payment method on file: please add one to pay this invoice.' });
  });
});

describe('prepaid credits at renewal (accounts §9: one device-month each)', () => {
  it('pay for the additional devices first, from the bundle that expires first; the rest is charged; a crossed threshold mails the administrators once', async () => {
    const o = await paidOrg();
    await db().updateTable('user').set({ is_verified: true }).where('email', '=', o.admin.email).execute();
    await addActiveDevices(db(), o.fleet, 53); // pilot-v2 includes 50: three additional devices
    const featureId = await creditFeatureId(db());
    const older = (await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 2)).json() as { id: number };
    const newer = (await buyCredits(ctx.app, o.admin.token, o.orgId, featureId, 5)).json() as { id: number };
    const notify = { organization: o.orgId, owns_credit_notification_for__feature: featureId, is_sent_when_below__threshold: 5 };
    expect((await call(ctx.app, 'POST', '/v7/organization_credit_notification', o.admin.token, notify)).statusCode).toBe(201);

    const renewals = async () => (await invoicesOf(o.orgId)).filter((i) => i.subscription !== null);
    const renewNext = async () => {
      await runBillingRenewal(db(), local, { now: new Date((await periodEndOf(o.orgId)).getTime() + HOUR), dashboardUrl: 'https://dash.example.com' });
      const invoice = (await renewals()).at(-1)!;
      expect(invoice.state).toBe('paid');
      const lines = await db().selectFrom('invoice_line').select(['feature_slug', 'quantity', 'unit_amount_in_cents']).where('invoice', '=', invoice.id).orderBy('id').execute();
      expect(invoice.total_in_cents).toBe(lines.reduce((sum, l) => sum + l.quantity * l.unit_amount_in_cents, 0));
      // [devices, charged at a price?] for the additional-device lines
      return { invoice, devices: lines.filter((l) => l.feature_slug === 'device:any').map((l) => [l.quantity, l.unit_amount_in_cents > 0]) };
    };
    const balances = async () =>
      Object.fromEntries((await db().selectFrom('credit_bundle').select(['id', 'total_balance']).where('belongs_to__organization', '=', o.orgId).execute()).map((b) => [b.id, b.total_balance]));
    const lowCreditMails = async () => (await listLatestEmails(db(), { to: o.admin.email })).filter((m) => m.kind === 'low-credits');

    // 7 credits: all three devices are paid with credits, the older bundle first; 7 → 4 crosses 5.
    const first = await renewNext();
    expect(first.devices).toEqual([[3, false]]);
    expect(await balances()).toEqual({ [older.id]: 0, [newer.id]: 4 });
    expect(await db().selectFrom('credit_consumption').select(['quantity', 'invoice']).where('organization', '=', o.orgId).execute()).toEqual([{ quantity: 3, invoice: first.invoice.id }]);
    // The billing usage tells what this period's renewal took (accounts §3 Billing usage creditConsumption).
    await db().updateTable('invoice').set({ period_start: new Date(Date.now() - HOUR), period_end: new Date(Date.now() + HOUR) }).where('id', '=', first.invoice.id).execute();
    expect((await call(ctx.app, 'GET', url(o.orgId, '/usage'), o.admin.token)).json().creditConsumption).toEqual({ 'device:any': 3 });
    await db().updateTable('invoice').set({ period_start: first.invoice.period_start, period_end: first.invoice.period_end }).where('id', '=', first.invoice.id).execute();
    const mails = await lowCreditMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`https://dash.example.com/orgs/${o.orgId}/credits`);

    // 4 → 1: still paid with credits; already below 5, so no second mail.
    expect((await renewNext()).devices).toEqual([[3, false]]);
    // 1 credit left: it pays for one device, the other two are charged at their price.
    expect((await renewNext()).devices).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(await balanceOf(ctx.app, o.admin.token, o.orgId)).toBe(0);
    expect(await lowCreditMails()).toHaveLength(1);
  });
});

describe('freeze after 60 days past due (accounts §4, §9)', () => {
  it('freezes at 60 days, keeps billing reachable, and a payment unfreezes', async () => {
    const o = await paidOrg(DECLINING_CARD);
    const end = await periodEndOf(o.orgId);
    await run(new Date(end.getTime() + HOUR));
    await run(new Date(end.getTime() + 59 * DAY + 23 * HOUR));
    expect((await organizationOf(o.orgId)).is_frozen).toBe(false);
    await run(new Date(end.getTime() + 60 * DAY));
    expect((await organizationOf(o.orgId)).is_frozen).toBe(true);

    // Billing stays reachable to pay (billing-access.ts); is_frozen is not writable through the API.
    expect((await call(ctx.app, 'GET', url(o.orgId, '/plan'), o.admin.token)).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', url(o.orgId, '/invoices'), o.admin.token)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'PATCH', url: `/v7/organization(${o.orgId})`, headers: { authorization: `Bearer ${o.admin.token}` }, payload: { is_frozen: false } });
    expect((await organizationOf(o.orgId)).is_frozen).toBe(true);

    await addCard(ctx.app, o.orgId, o.admin.token, '4242424242424242');
    expect(await organizationOf(o.orgId)).toEqual({ is_frozen: false, has_past_due_invoice_since__date: null });
  });

  it('members read the past-due date and the freeze; only billing users reach billing', async () => {
    const o = await paidOrg(DECLINING_CARD);
    const member = await addOrgMember(ctx.app, db(), o.orgId);
    const end = await periodEndOf(o.orgId);
    await run(new Date(end.getTime() + HOUR));
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v7/organization(${o.orgId})?$select=is_frozen,has_past_due_invoice_since__date`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().d[0]).toMatchObject({ is_frozen: false, has_past_due_invoice_since__date: end.toISOString() });
    expect((await call(ctx.app, 'GET', url(o.orgId, '/invoices'), member.token)).statusCode).toBe(403);
    expect((await call(ctx.app, 'PATCH', url(o.orgId, '/info'), member.token, { token_id: 'seti_x' })).statusCode).toBe(403);
  });
});

/** The local processor, with a hook run when a charge is sent. */
class WatchedProvider extends LocalPaymentProvider {
  sent: ChargeRequest[] = [];
  constructor(private readonly onCharge: (db: Db, request: ChargeRequest, result: ChargeResult) => Promise<void> = async () => undefined) {
    super();
  }
  override async charge(conn: Db, request: ChargeRequest): Promise<ChargeResult> {
    this.sent.push(request);
    const result = await super.charge(conn, request);
    await this.onCharge(conn, request, result);
    return result;
  }
}

describe('charges never happen twice', () => {
  it('two concurrent runs charge a renewal once', async () => {
    const o = await paidOrg();
    const end = await periodEndOf(o.orgId);
    const at = new Date(end.getTime() + HOUR);
    const results = await Promise.all([run(at), run(at), run(at)]);
    expect(results.some((r) => r.ran)).toBe(true);
    expect(await invoicesOf(o.orgId)).toHaveLength(2);
    expect(await chargesOf(o.orgId)).toHaveLength(2); // the plan change and one renewal
  });

  it('a run that dies after the charge is finished by the next with the same idempotency key', async () => {
    const o = await paidOrg();
    const end = await periodEndOf(o.orgId);
    const dying = new WatchedProvider(async () => {
      throw new Error('process died after the charge');
    });
    await run(new Date(end.getTime() + HOUR), dying);
    const stuck = (await invoicesOf(o.orgId))[1]!;
    expect(stuck).toMatchObject({ state: 'processing', attempt_count: 1 });
    expect((await periodEndOf(o.orgId)).getTime()).toBe(end.getTime());

    const next = new WatchedProvider();
    await run(new Date(end.getTime() + 2 * HOUR), next);
    expect(next.sent.map((r) => r.idempotencyKey)).toContain(stuck.invoice_number);
    expect((await invoicesOf(o.orgId))[1]).toMatchObject({ state: 'paid', attempt_count: 1 });
    expect((await periodEndOf(o.orgId)).getTime()).toBeGreaterThan(end.getTime());
    // One real charge for the renewal: the resumed one was answered from the first.
    expect((await chargesOf(o.orgId)).filter((c) => c.idempotency_key === stuck.invoice_number)).toHaveLength(1);
  });

  it('a plan change charges outside any transaction, with its invoice committed as processing', async () => {
    const o = await orgWithAdmin(ctx.app, db());
    await addCard(ctx.app, o.orgId, o.admin.token);
    const seen: { xid: unknown; state: string | undefined }[] = [];
    const watched = new WatchedProvider(async (conn, request) => {
      const xid = await sql<{ xid: unknown }>`SELECT txid_current_if_assigned() AS xid`.execute(conn);
      const invoice = await conn.selectFrom('invoice').select('state').where('invoice_number', '=', request.idempotencyKey).executeTakeFirst();
      seen.push({ xid: xid.rows[0]?.xid ?? null, state: invoice?.state });
    });
    await changePlan(db(), watched, o.orgId, { tier: 'pilot-v2', cycle: 'monthly' });
    expect(seen).toEqual([{ xid: null, state: 'processing' }]);
    expect((await invoicesOf(o.orgId)).map((i) => i.state)).toEqual(['paid']);
  });

  it('a credit purchase is charged once its bundle and invoice are committed; one interrupted is settled by the job with the same key', async () => {
    const o = await paidOrg();
    const feature = await db().selectFrom('feature').select('id').where('slug', '=', 'device:any').executeTakeFirstOrThrow();
    // What POST /v7/credit_bundle commits before the charge (the engine's transaction, credits.hooks.ts).
    const committedPurchase = () =>
      db()
        .transaction()
        .execute(async (tx) => {
          const values = { belongs_to__organization: o.orgId, is_for__feature: feature.id, original_quantity: 5, total_cost: 1000, total_balance: 0, payment_status: 'processing' };
          const row = await tx.insertInto('credit_bundle').values(values).returning('id').executeTakeFirstOrThrow();
          await recordPurchaseInvoice(tx, { ...values, id: row.id });
          return row.id;
        });
    const bundleOf = (id: number) => db().selectFrom('credit_bundle').select(['payment_status', 'total_balance']).where('id', '=', id).executeTakeFirstOrThrow();
    const invoiceOf = (id: number) => db().selectFrom('invoice').select(['invoice_number', 'state', 'attempt_count']).where('credit_bundle', '=', id).executeTakeFirstOrThrow();

    const seen: { xid: unknown; bundle: string | undefined }[] = [];
    const watched = new WatchedProvider(async (conn) => {
      const xid = await sql<{ xid: unknown }>`SELECT txid_current_if_assigned() AS xid`.execute(conn);
      const bundle = await conn.selectFrom('credit_bundle').select('payment_status').where('id', '=', first).executeTakeFirst();
      seen.push({ xid: xid.rows[0]?.xid ?? null, bundle: bundle?.payment_status });
    });
    const first = await committedPurchase();
    await chargePurchase(db(), watched, first);
    expect(seen).toEqual([{ xid: null, bundle: 'processing' }]);
    expect(await bundleOf(first)).toEqual({ payment_status: 'paid', total_balance: 5 });
    expect(await invoiceOf(first)).toMatchObject({ state: 'paid', attempt_count: 1 });

    const second = await committedPurchase();
    await chargePurchase(
      db(),
      new WatchedProvider(async () => {
        throw new Error('connection lost after the charge');
      }),
      second,
    );
    expect(await bundleOf(second)).toEqual({ payment_status: 'processing', total_balance: 0 });
    const stuck = await invoiceOf(second);
    const next = new WatchedProvider();
    await run(new Date(), next);
    expect(next.sent.map((r) => r.idempotencyKey)).toContain(stuck.invoice_number);
    expect(await bundleOf(second)).toEqual({ payment_status: 'paid', total_balance: 5 });
    expect((await chargesOf(o.orgId)).filter((c) => c.idempotency_key === stuck.invoice_number)).toHaveLength(1);
  });

  it('a plan change interrupted after its charge is finished, not charged again, before the next change', async () => {
    const o = await orgWithAdmin(ctx.app, db());
    await addCard(ctx.app, o.orgId, o.admin.token);
    const dying = new WatchedProvider(async () => {
      throw new Error('connection lost after the charge');
    });
    await expect(changePlan(db(), dying, o.orgId, { tier: 'pilot-v2', cycle: 'monthly' })).rejects.toThrow();
    expect((await invoicesOf(o.orgId)).map((i) => i.state)).toEqual(['processing']);
    const plan = () => call(ctx.app, 'GET', url(o.orgId, '/plan'), o.admin.token);
    expect((await plan()).json().billing_code).toBe('free');

    // The user tries again: the interrupted change is finished first (paid, applied), so the retry is no change.
    await changePlan(db(), local, o.orgId, { tier: 'pilot-v2', cycle: 'monthly' });
    expect((await invoicesOf(o.orgId)).map((i) => i.state)).toEqual(['paid']);
    expect((await plan()).json().billing_code).toBe('pilot-v2');
    expect(await chargesOf(o.orgId)).toHaveLength(1);
    const sub = await subscriptionOf(o.orgId);
    expect(sub.current_period_end).not.toBeNull();
  });
});
