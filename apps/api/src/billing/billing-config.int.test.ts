import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigResponse } from '@flotilla/core/schemas/config';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, createFleet, makeOrgAdmin, uniqueEmail } from '../auth/test-helpers.ts';

/**
 * The deployment-level parts of billing: the setup intent's captcha checked as sign-up's
 * against a local stand-in speaking reCAPTCHA's siteverify protocol, and PAYMENT_PROVIDER
 * in `GET /config` (`stripe` without STRIPE_SECRET_KEY answers 503 and has no local confirm route;
 * billing-stripe.int.test.ts drives a configured one).
 */
let captchaApp: TestContext;
let stripeApp: TestContext;
let standIn: Server;

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: form.get('secret') === 'captcha-secret' && form.get('response') === 'human' }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  captchaApp = await createTestApp({ captchaSecret: 'captcha-secret', captchaVerifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify` });
  stripeApp = await createTestApp({ paymentProvider: 'stripe' });
});
afterAll(async () => {
  await captchaApp?.close();
  await stripeApp?.close();
  standIn?.close();
});

async function adminOf(ctx: TestContext, captcha?: string) {
  const email = uniqueEmail('billing');
  const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email, password: 'correct horse battery', ...(captcha ? { 'g-recaptcha-response': captcha } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  const fleet = await createFleet(ctx.database.db);
  await makeOrgAdmin(ctx.database.db, email, fleet);
  return { token: res.body, orgId: fleet.organizationId };
}

describe('setup intent captcha (accounts §4 "Payment method flow")', () => {
  it('accepts a verified response and refuses a missing or rejected one (recaptcha_not_verified)', async () => {
    const admin = await adminOf(captchaApp, 'human');
    const post = (captcha?: string) =>
      captchaApp.app.inject({ method: 'POST', url: `/billing/v1/account/${admin.orgId}/setup-intent`, headers: bearer(admin.token), payload: captcha ? { 'g-recaptcha-response': captcha } : {} });
    expect((await post('human')).statusCode).toBe(200);
    for (const res of [await post('robot'), await post()]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Captcha verification failed', code: 'recaptcha_not_verified' });
    }
    const intents = await captchaApp.database.db.selectFrom('setup_intent').select('id').where('organization', '=', admin.orgId).execute();
    expect(intents).toHaveLength(1);
  });
});

describe('PAYMENT_PROVIDER', () => {
  it('GET /config says local by default and stripe when configured', async () => {
    const local = publicConfigResponse.parse((await captchaApp.app.inject({ method: 'GET', url: '/config' })).json());
    expect(local.billing).toEqual({ provider: 'local', publishableKey: null, scriptUrl: null });
    const stripe = publicConfigResponse.parse((await stripeApp.app.inject({ method: 'GET', url: '/config' })).json());
    // Stripe.js from Stripe unless STRIPE_JS_URL says otherwise.
    expect(stripe.billing).toEqual({ provider: 'stripe', publishableKey: null, scriptUrl: 'https://js.stripe.com/v3/' });
  });

  it('stripe without STRIPE_SECRET_KEY answers 503 payment_provider_unavailable and has no local confirm route', async () => {
    const admin = await adminOf(stripeApp);
    const res = await stripeApp.app.inject({ method: 'POST', url: `/billing/v1/account/${admin.orgId}/setup-intent`, headers: bearer(admin.token), payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('payment_provider_unavailable');
    const confirm = await stripeApp.app.inject({ method: 'POST', url: '/billing/v1/local-processor/setup-intents/seti_x/confirm', payload: { client_secret: 'x', method: { type: 'sepa_debit', iban: 'DE89370400440532013000' } } });
    expect(confirm.statusCode).toBe(404);
    // Reads that need no processor still work.
    expect((await stripeApp.app.inject({ method: 'GET', url: `/billing/v1/account/${admin.orgId}/plan`, headers: bearer(admin.token) })).statusCode).toBe(200);
  });
});
