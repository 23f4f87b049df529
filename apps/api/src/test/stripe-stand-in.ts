import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe on a local port (Stripe is out of reach in tests), speaking the parts of
 * its REST API that PAYMENT_PROVIDER=stripe uses (billing/payment/stripe-provider.ts, through the
 * official SDK: form-encoded POSTs, `expand[]`, the secret key as Bearer, Idempotency-Key, card
 * errors as 402 `{error: {type: 'card_error'}}`), and the part of Stripe.js the dashboard uses
 * (`GET /v3/`: `Stripe(pk).elements({clientSecret}).create('payment').mount(el)` and
 * `confirmSetup({elements, redirect: 'if_required'})`). Its Payment Element is one labelled
 * card-number field in the page (Stripe's is a frame of its own); confirming posts the number to
 * `POST /v1/setup_intents/:id/confirm` with the publishable key and the client secret, as
 * Stripe.js does against api.stripe.com. Card 4000000000000002 is declined there; a payment
 * method `pm_card_chargeDeclined` (saved from 4000000000000341) is declined when charged.
 */
export interface SeenStripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  auth: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StandInIntent {
  id: string;
  customer: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
}

export interface StripeStandIn {
  /** The API's base URL (STRIPE_API_URL). */
  url: string;
  /** Where Stripe.js is served (STRIPE_JS_URL). */
  jsUrl: string;
  secretKey: string;
  publishableKey: string;
  seen: SeenStripeRequest[];
  intents: Map<string, StandInIntent>;
  /** What Stripe.js does in the browser, played from a test: the intent succeeds with a card. */
  confirmInBrowser(intentId: string, pmId: string, last4: string): void;
  close(): Promise<void>;
}

export const STAND_IN_DECLINED_CARD = '4000000000000002';
const CHARGE_DECLINED_CARD = '4000000000000341';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** The stand-in's Stripe.js: plain ES5 served as a script, no build step. */
const STRIPE_JS = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  window.Stripe = function (publishableKey) {
    return {
      elements: function (options) {
        var input = null;
        return {
          clientSecret: options && options.clientSecret,
          cardNumber: function () { return input ? input.value : ''; },
          create: function () {
            var handlers = {};
            return {
              mount: function (target) {
                var host = typeof target === 'string' ? document.querySelector(target) : target;
                var label = document.createElement('label');
                label.style.display = 'block';
                label.textContent = 'Card number (Stripe test stand-in) ';
                input = document.createElement('input');
                input.autocomplete = 'cc-number';
                input.inputMode = 'numeric';
                label.appendChild(input);
                host.appendChild(label);
                setTimeout(function () { (handlers.ready || []).forEach(function (h) { h({ elementType: 'payment' }); }); }, 0);
              },
              on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); },
              unmount: function () {},
              destroy: function () {}
            };
          }
        };
      },
      confirmSetup: function (params) {
        var secret = params.elements.clientSecret;
        var id = secret.split('_secret_')[0];
        var body = new URLSearchParams({ client_secret: secret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': params.elements.cardNumber() });
        return fetch(origin + '/v1/setup_intents/' + encodeURIComponent(id) + '/confirm', {
          method: 'POST',
          headers: { authorization: 'Bearer ' + publishableKey, 'content-type': 'application/x-www-form-urlencoded' },
          body: body
        }).then(function (res) {
          return res.json().then(function (json) { return res.ok ? { setupIntent: json } : { error: json.error }; });
        });
      }
    };
  };
})();
`;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = 'sk_test_standin';
  const publishableKey = 'pk_test_standin';
  const seen: SeenStripeRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const methods = new Map<string, object>();
  let counter = 0;

  const cardMethod = (pmId: string, last4: string) => ({ id: pmId, object: 'payment_method', type: 'card', card: { brand: 'visa', last4, exp_month: 4, exp_year: 2031 } });
  const succeed = (intent: StandInIntent, pmId: string, last4: string) => {
    methods.set(pmId, cardMethod(pmId, last4));
    intent.status = 'succeeded';
    intent.payment_method = pmId;
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    // Stripe.js calls from the dashboard's origin: CORS as api.stripe.com answers it.
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST' });
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v3/') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...cors });
      res.end(STRIPE_JS);
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    seen.push({ method: req.method ?? '', path: url.pathname, form, auth: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}`, ...cors });
      res.end(JSON.stringify(json));
    };

    const confirm = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    if (req.method === 'POST' && confirm) {
      // The browser's call: the publishable key and the intent's client secret, never the secret key.
      const intent = intents.get(decodeURIComponent(confirm[1]!));
      if (req.headers.authorization !== `Bearer ${publishableKey}` || !intent || form.get('client_secret') !== intent.client_secret) {
        return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setupintent' } });
      }
      const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\s+/g, '');
      if (!/^\d{12,19}$/.test(number)) return reply(402, { error: { type: 'card_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
      if (number === STAND_IN_DECLINED_CARD) return reply(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
      succeed(intent, number === CHARGE_DECLINED_CARD ? 'pm_card_chargeDeclined' : `pm_${++counter}`, number.slice(-4));
      return reply(200, { object: 'setup_intent', ...intent });
    }

    if (req.headers.authorization !== `Bearer ${secretKey}`) return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
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
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    jsUrl: `${url}/v3/`,
    secretKey,
    publishableKey,
    seen,
    intents,
    confirmInBrowser(intentId, pmId, last4) {
      succeed(intents.get(intentId)!, pmId, last4);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
