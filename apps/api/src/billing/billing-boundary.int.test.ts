import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer } from '../auth/test-helpers.ts';
import { orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';

/**
 * The billing write routes driven with hostile values (NUL, unpaired surrogates, strings around
 * the length limits, numbers past int4, wrong types, stray keys): never a 5xx. Every body the
 * administrator sends reaches the handlers, which touch the database.
 */
let ctx: TestContext;
let org: BillingOrg;
beforeAll(async () => {
  ctx = await createTestApp();
  org = await orgWithAdmin(ctx.app, ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

const unit = fc.oneof(fc.constantFrom('\u0000', '\uD800', '\uDFFF', '"', '\\', 'é', '🚀', '-', 'G', 'B', '1', '9'), fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)));
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit, maxLength: 30 }),
  fc.constantFrom(63, 64, 65, 100, 101, 200, 201, 254, 255, 2001, 4097).map((n) => 'x'.repeat(n)),
  fc.constantFrom(2 ** 31, -1, 0, 1e20, 0.5, null, true, [], {}),
);
const maybe = (good: fc.Arbitrary<unknown>) => fc.oneof(good, hostile);
const shaped = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.tuple(fc.record(Object.fromEntries(Object.entries(fields).map(([k, g]) => [k, maybe(g)])), { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 6 }), hostile, { maxKeys: 1 })).map(([a, b]) => ({ ...b, ...a }));

/** Percent-encodes a path segment; an unpaired surrogate becomes bytes that are not UTF-8. */
const pathSegment = (s: string) => [...s].map((ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');

const seen = new Set<number>();
async function send(method: 'PATCH' | 'POST', url: string, body: unknown, token?: string): Promise<void> {
  const res = await ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${res.body}`).toBeLessThan(500);
  seen.add(res.statusCode);
}

describe('billing boundary fuzz: never a 5xx', () => {
  it('company info, plan change, payment method, setup intent confirm', async () => {
    const account = shaped({
      email: fc.constantFrom('a@example.com', 'bad'),
      company_name: fc.string({ maxLength: 10 }),
      address: shaped({ address1: fc.string({ maxLength: 10 }), country: fc.constantFrom('US', 'DE'), phone: fc.string({ maxLength: 5 }) }),
      tax_id: shaped({ type: fc.constantFrom('us_ein', 'eu_vat', 'gb_vat'), value: fc.constantFrom('12-3456789', 'DE123456789', 'GB123456789'), country: fc.constantFrom('DE', 'FR', 'de') }),
    });
    const plan = shaped({ tier: fc.constantFrom('free', 'pilot-v2', 'custom', 'nope'), cycle: fc.constantFrom('monthly', 'annual'), planChangeReason: fc.string({ maxLength: 10 }) });
    const info = shaped({ token_id: fc.constantFrom('seti_abc', 'x'), type: fc.constant('setup_intent'), setAsCompanyAddress: fc.boolean() });
    const confirm = shaped({
      client_secret: fc.string({ maxLength: 10 }),
      method: shaped({ type: fc.constantFrom('card', 'sepa_debit', 'us_bank_account'), number: fc.constantFrom('4242424242424242', '4242'), exp_month: fc.integer({ min: 0, max: 13 }), exp_year: fc.integer({ min: 1999, max: 2300 }), cvc: fc.constantFrom('123', '12a'), iban: fc.constant('DE89370400440532013000') }),
    });
    await fc.assert(
      fc.asyncProperty(account, plan, info, confirm, fc.string({ unit, maxLength: 12 }), async (a, p, i, c, id) => {
        await send('PATCH', `/billing/v1/account/${org.orgId}`, a, org.admin.token);
        await send('PATCH', `/billing/v1/account/${org.orgId}/plan`, p, org.admin.token);
        await send('PATCH', `/billing/v1/account/${org.orgId}/info`, i, org.admin.token);
        await send('POST', `/billing/v1/local-processor/setup-intents/${pathSegment(id) || 'x'}/confirm`, c);
      }),
      // The example, a well-formed company info, runs first: it reaches the success path in every
      // run, however few of the random bodies happen to be valid.
      { numRuns: 40, examples: [[{ email: 'a@example.com', company_name: 'Acme' }, { tier: 'nope' }, { token_id: 'x' }, { client_secret: 'x' }, 'x']] },
    );
    expect([...seen].some((s) => s >= 200 && s < 300), [...seen].join()).toBe(true);
    expect(seen.has(400), [...seen].join()).toBe(true);
  });
});
