import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createDevice, createFleet, grantFleetRole, signUp, type TestUser } from '../auth/test-helpers.ts';
import { PG_POOL_MAX } from '../db/pool.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { ODATA_LIMITS } from './limits.ts';
import { wire } from './test-wire.ts';

/** The cost limits over HTTP on the real model: 400 with a message that names the limit. */
let t: TestContext;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
  const fleet = await createFleet(t.database.db);
  await grantFleetRole(t.database.db, user.email, fleet, 'developer');
  const device = await createDevice(t.database.db, fleet);
  // A long stored value: filters that keep or shrink it still work.
  await sql`UPDATE device SET note = repeat('ab', 200000) WHERE id = ${device.id}`.execute(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url: wire(url), headers: token ? bearer(token) : {} });

const nest = (depth: number, wrap: (inner: string, level: number) => string, leaf: string) => {
  let s = leaf;
  for (let i = depth; i >= 1; i--) s = wrap(s, i);
  return s;
};
const alternate = (i: number) => (i % 2 ? 'is_supported_by__device_type' : 'is_of__cpu_architecture');

describe('OData cost limits over HTTP', () => {
  // At each limit a chain that never returns to many rows of a resource on its path
  // (navigation-rules.ts), so the depth alone decides; past it any chain gets the depth's 400.
  const expandAt5 = '/v7/device?$select=id&$expand=device_tag($select=id;$expand=device($select=id;$expand=belongs_to__application($select=id;$expand=organization($select=id;$expand=owns__team($select=id)))))';
  const anyAt5 = '/v7/organization?$select=id&$filter=application/any(x1:x1/owns__device/any(x2:x2/device_tag/any(x3:x3/device/any(x4:x4/belongs_to__application/any(x5:x5/id gt 0)))))';
  it.each([
    ['$expand', expandAt5, (d: number) => `/v7/cpu_architecture?$select=id&$expand=${nest(d, (s, i) => `${alternate(i)}($select=id${i === d ? '' : `;$expand=${s}`})`, '')}`, ODATA_LIMITS.maxExpandDepth, '$expand is nested'],
    [
      'any()',
      anyAt5,
      (d: number) => `/v7/cpu_architecture?$select=id&$filter=${nest(d, (s, i) => `${i === 1 ? '' : `x${i - 1}/`}${alternate(i)}/any(x${i}:${s})`, `x${d}/id gt 0`)}`,
      ODATA_LIMITS.maxLambdaDepth,
      '$filter nests any()/all() lambdas and navigation paths',
    ],
    ['functions', `/v7/device_type?$select=id&$filter=${nest(ODATA_LIMITS.maxFunctionDepth, (s) => `tolower(${s})`, 'slug')} eq 'x'`, (d: number) => `/v7/device_type?$select=id&$filter=${nest(d, (s) => `tolower(${s})`, 'slug')} eq 'x'`, ODATA_LIMITS.maxFunctionDepth, '$filter nests function calls'],
  ])('%s: the limit answers 200, deeper answers 400 naming depth and limit', async (_name, atLimit, url, max, message) => {
    expect(ODATA_LIMITS.maxExpandDepth).toBe(5);
    expect(ODATA_LIMITS.maxLambdaDepth).toBe(5);
    const ok = await get(atLimit, user.token);
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await get(url(max + 4));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: `${message} ${max + 4} levels deep; at most ${max} are allowed`, code: 'query_too_complex' });
  });

  it('a chain back to many rows of a resource on its path: 400 naming the path, at any depth', async () => {
    const res = await get(`/v7/cpu_architecture?$select=id&$expand=${nest(3, (s, i) => `${alternate(i)}($select=id${i === 3 ? '' : `;$expand=${s}`})`, '')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringContaining('leads back to device_type') as string, code: 'query_too_complex' });
  });

  it('query size and URL length', async () => {
    const terms = Array.from({ length: 100 }, (_, i) => `id eq ${i}`).join(' or ');
    const big = await get(`/v7/device_type?$select=id&$filter=${terms}`);
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toBe('The query has 301 terms ($filter, $orderby and $expand together); at most 250 are allowed');
    const long = await get(`/v7/device_type?$select=id&$filter=slug eq '${'x'.repeat(ODATA_LIMITS.maxUrlLength)}'`);
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('query_too_large');
  });

  it('text growth: 400 before building the value; keeping or shrinking a long value is fine', async () => {
    const grow = await get(`/v7/device?$select=id&$filter=length(replace(note,'a','${'x'.repeat(4000)}')) gt 0`, user.token);
    expect(grow.statusCode).toBe(400);
    expect(grow.json()).toEqual({ error: `replace() would build a value of ${400_000 - 200_000 + 200_000 * 4000} characters; at most 65536 are allowed`, code: 'value_too_long' });
    const keep = await get("/v7/device?$select=id&$filter=length(replace(note,'a','')) eq 200000", user.token);
    expect(keep.statusCode).toBe(200);
    expect(keep.json().d).toHaveLength(1);
  });

  it('limits hold for anonymous callers and for the $filter of writes alike', async () => {
    const deep = nest(8, (s, i) => `${i === 1 ? '' : `x${i - 1}/`}${i % 2 ? 'owns__device' : 'belongs_to__application'}/any(x${i}:${s})`, 'x8/id gt 0');
    expect((await get(`/v7/application?$filter=${deep}`)).statusCode).toBe(400);
    const patch = await t.app.inject({ method: 'PATCH', url: wire(`/v7/application?$filter=${deep}`), headers: bearer(user.token), payload: { app_name: 'x' } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error).toContain('8 levels deep');
  });
});

describe('a busy database over HTTP', () => {
  it('answers 503 with Retry-After when no connection frees up in time, then serves again', async () => {
    const busy = await createTestApp({}, { queue: { maxWaiting: 0, maxWaitMs: 5000 } });
    try {
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const count = busy.database.kind === 'pglite' ? 1 : PG_POOL_MAX;
      let held = 0;
      const holders = Array.from({ length: count }, () =>
        busy.database.db.connection().execute(async () => {
          held += 1;
          await gate;
        }),
      );
      while (held < count) await new Promise((r) => setTimeout(r, 10));
      const refused = await busy.app.inject({ method: 'GET', url: '/v7/device_type?$select=id' });
      open();
      await Promise.all(holders);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ code: 'busy' });
      expect((await busy.app.inject({ method: 'GET', url: '/v7/device_type?$select=id' })).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  }, 90_000);
});
