import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { createODataEngine } from './engine.ts';
import { fixtureRegistry, openFixtureDb, userPrincipal } from './test-fixture.ts';
import { seedFixture } from './test-seed.ts';
import { COMPAT_URLS } from './test-compat-urls.ts';
import { wire } from './test-wire.ts';

const engine = createODataEngine(fixtureRegistry());
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openFixtureDb());
  await seedFixture(db);
}, 60_000);
afterAll(() => close());

const principals: Principal[] = [userPrincipal(1), userPrincipal(2), userPrincipal(3), { kind: 'anonymous' }, { kind: 'system' }];
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const text = fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'l', 'p', "'", '%', '&', ' ', '(', ')', ';', ',', '/', '+', '#', 'é') });

/** Comparisons of device fields with well-typed literals. */
const comparison = fc.oneof(
  fc.tuple(fc.constantFrom('id', 'belongs_to__application', 'is_of__device_type'), fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'), fc.integer({ min: -1, max: 6 })).map(([f, op, v]) => `${f} ${op} ${v}`),
  fc.tuple(fc.constantFrom('device_name', 'note', 'uuid'), fc.constantFrom('eq', 'ne', 'gt', 'lt'), text).map(([f, op, v]) => `${f} ${op} ${quote(v)}`),
  fc.tuple(fc.constantFrom('startswith', 'endswith', 'contains'), fc.constantFrom('device_name', 'note'), text).map(([fn, f, v]) => `${fn}(${f},${quote(v)})`),
  fc.tuple(fc.constantFrom('note', 'is_pinned_on__release'), fc.constantFrom('eq', 'ne')).map(([f, op]) => `${f} ${op} null`),
  fc.boolean().map((b) => `is_online eq ${b}`),
  fc.date({ min: new Date('2026-03-30T00:00:00Z'), max: new Date('2026-04-07T00:00:00Z'), noInvalidDate: true }).map((d) => `created_at ge datetime'${d.toISOString()}'`),
  fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 4 }).map((xs) => `id in (${xs.join(',')})`),
  text.map((v) => `device_tag/any(t:t/tag_key eq ${quote(v)} or t/value ne 'x')`),
  fc.constantFrom('device_tag/all(t:t/tag_key eq \'k\')', 'device_tag/$count gt 0', 'belongs_to__application/any(a:a/organization eq 1)', '1 eq 1', 'year(created_at) eq 2026'),
);
const filter: fc.Arbitrary<string> = fc.letrec<{ f: string }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    fc.tuple(tie('f'), fc.constantFrom('and', 'or'), tie('f')).map(([a, op, b]) => `(${a}) ${op} (${b})`),
    tie('f').map((a) => `not(${a})`),
  ),
})).f;
// Computed fields, counts and navigation paths too: a page is chosen before its projection is
// built (compile-select.ts), so the page's ORDER BY must carry them.
const orderby = fc
  .uniqueArray(fc.constantFrom('id', 'device_name', 'note', 'is_online', 'created_at', 'device_tag/$count', 'overall_status', 'belongs_to__application/app_name'), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((fields) => fc.tuple(...fields.map((f) => fc.constantFrom(`${f} asc`, `${f} desc`))).map((xs) => xs.join(',')));
const select = fc.uniqueArray(fc.constantFrom('id', 'uuid', 'device_name', 'note', 'belongs_to__application', 'overall_status', 'created_at'), { minLength: 1, maxLength: 4 });
const expand = fc.option(
  fc.constantFrom('device_tag($select=tag_key,value;$orderby=tag_key asc)', 'belongs_to__application($select=app_name)', 'device_tag/$count', 'service_install($select=id;$top=1)'),
  { nil: undefined },
);

async function getD(who: Principal, url: string): Promise<unknown> {
  const r = await engine.execute(db, who, { method: 'GET', url });
  expect(r.status, `${url} → ${JSON.stringify(r.body)}`).toBe(200);
  return (r.body as { d: unknown }).d;
}

describe('property: random valid queries', () => {
  it('compile, run, and $top/$skip/$count agree with the unpaged result', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...principals),
        fc.option(filter, { nil: undefined }),
        orderby,
        select,
        expand,
        fc.nat(6),
        fc.nat(6),
        async (who, f, ob, sel, exp, top, skip) => {
          const filterPart = f === undefined ? '' : `&$filter=${encodeURIComponent(f)}`;
          const expandPart = exp === undefined ? '' : `&$expand=${encodeURIComponent(exp)}`;
          const base = `/device?$orderby=${encodeURIComponent(ob)}&$select=id,${sel.join(',')}${filterPart}${expandPart}`;
          const all = (await getD(who, base)) as { id: number }[];
          const page = await getD(who, `${base}&$top=${top}&$skip=${skip}`);
          expect(page).toEqual(all.slice(skip, skip + top));
          const count = await getD(who, `/device/$count?$top=1${filterPart}`);
          expect(count).toBe(all.length);
          // Every returned row really is readable: the same ids come back by key.
          for (const row of all.slice(0, 2)) expect(await getD(who, `/device(${row.id})?$select=id`)).toEqual([{ id: row.id }]);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('expansions equal the separately queried children', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...principals), fc.option(filter, { nil: undefined }), async (who, f) => {
        const nested = f === undefined ? '' : `;$filter=${encodeURIComponent(f)}`;
        const apps = (await getD(who, `/application?$select=id&$expand=owns__device($select=id;$orderby=id asc${nested})`)) as {
          id: number;
          owns__device: { id: number }[];
        }[];
        for (const app of apps) {
          const own = f === undefined ? '' : ` and (${f})`;
          const children = await getD(who, `/device?$select=id&$orderby=id asc&$filter=${encodeURIComponent(`belongs_to__application eq ${app.id}${own}`)}`);
          expect(app.owns__device).toEqual(children);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('a paged expansion equals the slice of the unpaged one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...principals), orderby, fc.nat(3), fc.nat(3), async (who, ob, top, skip) => {
        const url = (paging: string) =>
          `/application?$select=id&$orderby=id asc&$expand=${encodeURIComponent(
            `owns__device($select=id,overall_status;$orderby=${ob}${paging};$expand=device_tag($select=tag_key;$orderby=tag_key asc),device_tag/$count)`,
          )}`;
        type App = { id: number; owns__device: unknown[] };
        const all = (await getD(who, url(''))) as App[];
        const paged = (await getD(who, url(`;$top=${top};$skip=${skip}`))) as App[];
        expect(paged.map((a) => a.id)).toEqual(all.map((a) => a.id));
        paged.forEach((app, i) => expect(app.owns__device).toEqual(all[i]!.owns__device.slice(skip, skip + top)));
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('property: malformed input', () => {
  const assertClientError = async (url: string) => {
    const r = await engine.execute(db, userPrincipal(1), { method: 'GET', url });
    expect([200, 400], `${url} → ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
    if (r.status === 400) expect((r.body as { error: string }).error.length).toBeGreaterThan(0);
  };

  it('answers random query strings with 200 or 400, never an exception', async () => {
    const chunk = fc.string({ maxLength: 30, unit: fc.constantFrom(...'$()=&,;:/\'%20eqandor nulltruex1id_'.split(''), 'device_name', '$filter=', '$expand=', '$select=', '$orderby=', '$top=', 'any(', '/$count', '%27', '%2', '%') });
    await fc.assert(fc.asyncProperty(chunk, async (q) => assertClientError(`/device?${q}`)), { numRuns: 400 });
  }, 120_000);

  it('answers mutated recorded client URLs with 200 or 400, never an exception', async () => {
    const mutated = fc.tuple(fc.constantFrom(...COMPAT_URLS.map((u) => wire(u.replace(/^\/v7/, '')))), fc.nat(400), fc.nat(5), fc.string({ maxLength: 3 })).map(
      ([u, at, del, ins]) => {
        const i = at % (u.length + 1);
        return u.slice(0, i) + ins + u.slice(i + del);
      },
    );
    await fc.assert(fc.asyncProperty(mutated, async (u) => assertClientError(u.startsWith('/') ? u : `/${u}`)), { numRuns: 400 });
  }, 120_000);

  it('answers random write bodies with 2xx or 4xx, never an exception', async () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.double(), fc.object({ maxDepth: 1 }), fc.array(fc.integer()));
    const body = fc.dictionary(fc.constantFrom('device_name', 'note', 'is_online', 'belongs_to__application', 'uuid', 'created_at', 'bogus', 'is_pinned_on__release'), value);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PATCH') as fc.Arbitrary<'POST' | 'PATCH'>, body, async (method, b) => {
        const r = await engine.execute(db, userPrincipal(1), { method, url: method === 'POST' ? '/device' : '/device?$filter=id%20eq%202', body: b });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect((r.body as { error: string }).error.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
