import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { makeWorld, type World } from './test-world.ts';

/**
 * What a device key or a provisioning key reads of its organization: nothing. Both travel in
 * every image of a fleet (config.json), and the organization row holds billing state
 * (billing_account_code, has_past_due_invoice_since__date) the supervisor never asks for (as
 * balena's device actor, compat §5). Neither directly, nor through a navigation from the fleet
 * they do read ($expand, a $filter path used as an oracle), nor by counting.
 */
let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await makeWorld(ctx, 'keys');
  await ctx.database.db
    .updateTable('organization')
    .set({ billing_account_code: 'acct_secret', has_past_due_invoice_since__date: new Date('2026-01-01T00:00:00Z') })
    .where('id', '=', w.orgId)
    .execute();
}, 120_000);
afterAll(async () => ctx?.close());

const get = (credential: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${credential}` } });
const KEYS = [
  { who: 'device key', key: () => w.deviceKey },
  { who: 'provisioning key', key: () => w.provisioningKey },
];

describe.each(KEYS)('a $who', ({ key }) => {
  it('reads no organization, by id, by handle or in a list, and counts none', async () => {
    for (const url of [`/v7/organization(${w.orgId})`, `/v7/organization(handle='org_x')`, '/v7/organization', `/v7/organization?$select=billing_account_code`]) {
      const res = await get(key(), url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json(), url).toEqual({ d: [] });
    }
    expect((await get(key(), '/v7/organization/$count')).json()).toEqual({ d: 0 });
  });

  it('still reads its fleet with the organization’s id, but not the organization through it', async () => {
    const res = await get(key(), `/v7/application(${w.fleetId})?$select=id,organization&$expand=organization($select=billing_account_code)`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ d: [{ id: w.fleetId, organization: [] }] });
  });

  it('cannot test the organization’s billing fields through a filter on its fleet', async () => {
    for (const filter of [`organization/billing_account_code eq 'acct_secret'`, 'organization/has_past_due_invoice_since__date ne null']) {
      const res = await get(key(), `/v7/application?$select=id&$filter=${encodeURIComponent(`id eq ${w.fleetId} and ${filter}`)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), filter).toEqual({ d: [] });
    }
  });
});

it('the organization’s administrator still reads its billing fields (the rule narrowed keys only)', async () => {
  const res = await get(w.token, `/v7/organization(${w.orgId})?$select=billing_account_code`);
  expect(res.json()).toEqual({ d: [{ billing_account_code: 'acct_secret' }] });
});
