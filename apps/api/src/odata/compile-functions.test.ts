import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createODataEngine } from './engine.ts';
import { ODATA_LIMITS } from './limits.ts';
import { fixtureRegistry, openFixtureDb, userPrincipal } from './test-fixture.ts';
import { seedFixture } from './test-seed.ts';
import { wire } from './test-wire.ts';

/** replace() and concat() on a real database: same results as before, but no unbounded growth. */
const engine = createODataEngine(fixtureRegistry());
let db: Db;
let close: () => Promise<void>;
const MB = 1_000_000;

beforeAll(async () => {
  ({ db, close } = await openFixtureDb());
  await seedFixture(db);
  // The worst case: a 1 MB text value, every character of which a pattern matches.
  await sql`UPDATE device SET note = repeat('a', ${MB}) WHERE id = 2`.execute(db);
}, 60_000);
afterAll(() => close());

const get = (filter: string) => engine.execute(db, userPrincipal(1), { method: 'GET', url: wire(`/device?$select=id&$orderby=id asc&$filter=${filter}`) });
const ids = async (filter: string) => {
  const r = await get(filter);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { d: { id: number }[] }).d.map((x) => x.id);
};

describe('text functions that can grow a value', () => {
  it('give the same results as plain replace/concat within the limit', async () => {
    expect(await ids("replace(device_name,'a','4') eq '4lph4'")).toEqual([1]);
    expect(await ids("replace(device_name,'','x') eq 'alpha'")).toEqual([1]);
    expect(await ids("concat(device_name,concat('-',uuid)) eq 'bravo-aaaa0002'")).toEqual([2]);
    expect(await ids("replace(note,'x',null) eq null")).toEqual([1, 2, 3, 5]);
    expect(await ids(`length(replace(device_name,'a','${'b'.repeat(1000)}')) eq 2003`)).toEqual([1]);
  });

  it('shrinking or keeping a 1 MB value is allowed: no filter on stored data changes meaning', async () => {
    expect(await ids("length(replace(note,'a','')) eq 0")).toEqual([2]);
    expect(await ids("length(replace(note,'a','b')) eq 1000000")).toEqual([2]);
    expect(await ids("length(concat(note,'')) eq 1000000")).toEqual([2]);
  });

  it('refuses to build more than maxBuiltTextLength characters, before building them', async () => {
    const literal = 'b'.repeat(5000);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const r = await get(`length(replace(note,'a','${literal}')) gt 0`);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MB);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: `replace() would build a value of ${MB * 5000} characters; at most ${ODATA_LIMITS.maxBuiltTextLength} are allowed`,
      code: 'value_too_long',
    });
  });

  it('bounds growth through nesting and concat too', async () => {
    const nested = await get(`length(replace(replace(device_name,'a','${'x'.repeat(300)}'),'x','${'y'.repeat(300)}')) gt 0`);
    expect(nested.status).toBe(400);
    expect((nested.body as { error: string }).error).toBe(`replace() would build a value of ${2 * 300 * 300 + 3} characters; at most 65536 are allowed`);
    const doubled = await get('length(concat(note,note)) gt 0');
    expect(doubled.body).toEqual({ error: `concat() would build a value of ${2 * MB} characters; at most 65536 are allowed`, code: 'value_too_long' });
  });
});
