import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigResponse } from '@flotilla/core/schemas/config';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in.ts';
import { call, orgWithAdmin } from './billing-test-helpers.ts';

/**
 * PAYMENT_PROVIDER=stripe through the official SDK against a local stand-in speaking the part
 * of Stripe's REST API the provider uses (test/stripe-stand-in.ts). The browser's Stripe.js
 * confirmation is played by `confirmInBrowser` here (e2e/organizations/billing-stripe.spec.ts
 * runs the dashboard's own, through the stand-in's Stripe.js).
 */
let stripe: StripeStandIn;
let ctx: TestContext;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  ctx = await createTestApp({ paymentProvider: 'stripe', stripeSecretKey: stripe.secretKey, stripePublishableKey: stripe.publishableKey, stripeApiUrl: stripe.url, stripeJsUrl: stripe.jsUrl });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const seen = () => stripe.seen;
const intents = () => stripe.intents;
const confirmInBrowser = (intentId: string, pmId: string, last4: string) => stripe.confirmInBrowser(intentId, pmId, last4);

describe('PAYMENT_PROVIDER=stripe', () => {
  it('GET /config names stripe with its publishable key', async () => {
    const config = publicConfigResponse.parse((await ctx.app.inject({ method: 'GET', url: '/config' })).json());
    expect(config.billing).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin', scriptUrl: stripe.jsUrl });
  });

  it('setup intent for the organization customer → Stripe.js confirms → PATCH info saves the card → upgrade charges it once', async () => {
    const o = await orgWithAdmin(ctx.app, ctx.database.db);
    const si = await call(ctx.app, 'POST', `/billing/v1/account/${o.orgId}/setup-intent`, o.admin.token, {});
    expect(si.statusCode, si.body).toBe(200);
    const { id, client_secret } = si.json() as { id: string; client_secret: string };
    expect(client_secret).toBe(`${id}_secret_standin`);
    expect(seen().every((r) => r.auth === 'Bearer sk_test_standin')).toBe(true);
    const customer = intents().get(id)!.customer;
    expect(customer).toMatch(/^cus_/);
    // The customer id alone is not company info.
    expect((await call(ctx.app, 'GET', `/billing/v1/account/${o.orgId}`, o.admin.token)).json()).toBeNull();

    // Not yet confirmed in the browser: nothing to save.
    const early = await call(ctx.app, 'PATCH', `/billing/v1/account/${o.orgId}/info`, o.admin.token, { token_id: id, type: 'setup_intent' });
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('invalid_setup_intent');

    confirmInBrowser(id, 'pm_card_visa', '4242');
    const saved = await call(ctx.app, 'PATCH', `/billing/v1/account/${o.orgId}/info`, o.admin.token, { token_id: id, type: 'setup_intent' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ type: 'card', first_one: null, last_four: '4242', card_type: 'visa', month: 4, year: 2031, routing_number: null, company: null });

    const upgraded = await call(ctx.app, 'PATCH', `/billing/v1/account/${o.orgId}/plan`, o.admin.token, { tier: 'pilot-v2', cycle: 'monthly' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const charge = seen().filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(Object.fromEntries(charge.form)).toMatchObject({ amount: '29900', currency: 'usd', customer, payment_method: 'pm_card_visa', off_session: 'true', confirm: 'true' });
    const invoices = (await call(ctx.app, 'GET', `/billing/v1/account/${o.orgId}/invoices`, o.admin.token)).json() as { invoice_number: string; state: string }[];
    expect(invoices).toMatchObject([{ state: 'paid' }]);
    expect(charge.idempotencyKey).toBe(`flotilla-invoice-${invoices[0]!.invoice_number}`);
    // One customer per organization: the second intent reuses it.
    const second = (await call(ctx.app, 'POST', `/billing/v1/account/${o.orgId}/setup-intent`, o.admin.token, {})).json() as { id: string };
    expect(intents().get(second.id)!.customer).toBe(customer);
  });

  it("a card error on the charge is 402 payment_failed with Stripe's message, and no plan change", async () => {
    const o = await orgWithAdmin(ctx.app, ctx.database.db);
    const { id } = (await call(ctx.app, 'POST', `/billing/v1/account/${o.orgId}/setup-intent`, o.admin.token, {})).json() as { id: string };
    confirmInBrowser(id, 'pm_card_chargeDeclined', '0341');
    expect((await call(ctx.app, 'PATCH', `/billing/v1/account/${o.orgId}/info`, o.admin.token, { token_id: id })).statusCode).toBe(200);
    const res = await call(ctx.app, 'PATCH', `/billing/v1/account/${o.orgId}/plan`, o.admin.token, { tier: 'pilot-v2', cycle: 'monthly' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Your card was declined.', code: 'payment_failed' });
    expect((await call(ctx.app, 'GET', `/billing/v1/account/${o.orgId}/plan`, o.admin.token)).json()).toMatchObject({ billing_code: 'free' });
  });

  it('has no local processor confirm route', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/billing/v1/local-processor/setup-intents/seti_x/confirm', payload: { client_secret: 'x', method: { type: 'sepa_debit', iban: 'DE89370400440532013000' } } });
    expect(res.statusCode).toBe(404);
  });
});
