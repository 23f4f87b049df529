import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigResponse } from '@flotilla/core/schemas/config';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { call, orgWithAdmin } from './billing-test-helpers.ts';

/**
 * PAYMENT_PROVIDER=stripe through the official SDK against a local stand-in speaking the part
 * of Stripe's REST API the provider uses (form-encoded POSTs, `expand[]`, Bearer secret key,
 * Idempotency-Key, card errors as 402 `{error: {type: 'card_error'}}`). The browser's Stripe.js
 * confirmation is played by `confirmInBrowser`, which marks the stand-in's intent succeeded.
 */
interface SeenRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  auth: string | undefined;
  idempotencyKey: string | undefined;
}
const seen: SeenRequest[] = [];
const intents = new Map<string, { id: string; customer: string; status: string; client_secret: string; payment_method: string | null }>();
const methods = new Map<string, object>();
let counter = 0;
let stripeStandIn: Server;
let ctx: TestContext;

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  stripeStandIn = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(await body(req));
    seen.push({ method: req.method ?? '', path: url.pathname, form, auth: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== 'Bearer sk_test_standin') return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (req.method === 'POST' && url.pathname === '/v1/customers') return reply(200, { id: `cus_${++counter}`, object: 'customer', metadata: {} });
    if (req.method === 'POST' && url.pathname === '/v1/setup_intents') {
      const id = `seti_${++counter}`;
      const intent = { id, customer: form.get('customer') ?? '', status: 'requires_payment_method', client_secret: `${id}_secret_standin`, payment_method: null };
      intents.set(id, intent);
      return reply(200, { object: 'setup_intent', ...intent });
    }
    const retrieve = /^\/v1\/setup_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      if (!intent) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setupintent' } });
      const expand = url.searchParams.getAll('expand[]').concat(url.searchParams.getAll('expand[0]'));
      const pm = intent.payment_method && expand.includes('payment_method') ? methods.get(intent.payment_method) : intent.payment_method;
      return reply(200, { object: 'setup_intent', ...intent, payment_method: pm });
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (form.get('payment_method') === 'pm_card_chargeDeclined') {
        return reply(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
      }
      return reply(200, { id: `pi_${++counter}`, object: 'payment_intent', status: 'succeeded', amount: Number(form.get('amount')), currency: form.get('currency') });
    }
    return reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => stripeStandIn.listen(0, '127.0.0.1', resolve));
  const { port } = stripeStandIn.address() as AddressInfo;
  ctx = await createTestApp({ paymentProvider: 'stripe', stripeSecretKey: 'sk_test_standin', stripePublishableKey: 'pk_test_standin', stripeApiUrl: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await ctx?.close();
  stripeStandIn?.close();
});

/** What Stripe.js does in the browser: the intent succeeds with a card payment method. */
function confirmInBrowser(intentId: string, pmId: string, last4: string) {
  methods.set(pmId, { id: pmId, object: 'payment_method', type: 'card', card: { brand: 'visa', last4, exp_month: 4, exp_year: 2031 } });
  const intent = intents.get(intentId)!;
  intent.status = 'succeeded';
  intent.payment_method = pmId;
}

describe('PAYMENT_PROVIDER=stripe', () => {
  it('GET /config names stripe with its publishable key', async () => {
    const config = publicConfigResponse.parse((await ctx.app.inject({ method: 'GET', url: '/config' })).json());
    expect(config.billing).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin' });
  });

  it('setup intent for the organization customer → Stripe.js confirms → PATCH info saves the card → upgrade charges it once', async () => {
    const o = await orgWithAdmin(ctx.app, ctx.database.db);
    const si = await call(ctx.app, 'POST', `/billing/v1/account/${o.orgId}/setup-intent`, o.admin.token, {});
    expect(si.statusCode, si.body).toBe(200);
    const { id, client_secret } = si.json() as { id: string; client_secret: string };
    expect(client_secret).toBe(`${id}_secret_standin`);
    expect(seen.every((r) => r.auth === 'Bearer sk_test_standin')).toBe(true);
    const customer = intents.get(id)!.customer;
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
    const charge = seen.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(Object.fromEntries(charge.form)).toMatchObject({ amount: '29900', currency: 'usd', customer, payment_method: 'pm_card_visa', off_session: 'true', confirm: 'true' });
    const invoices = (await call(ctx.app, 'GET', `/billing/v1/account/${o.orgId}/invoices`, o.admin.token)).json() as { invoice_number: string; state: string }[];
    expect(invoices).toMatchObject([{ state: 'paid' }]);
    expect(charge.idempotencyKey).toBe(`flotilla-invoice-${invoices[0]!.invoice_number}`);
    // One customer per organization: the second intent reuses it.
    const second = (await call(ctx.app, 'POST', `/billing/v1/account/${o.orgId}/setup-intent`, o.admin.token, {})).json() as { id: string };
    expect(intents.get(second.id)!.customer).toBe(customer);
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
