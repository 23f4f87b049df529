import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { createODataEngine } from './engine.ts';
import { fixtureRegistry, openFixtureDb, userPrincipal } from './test-fixture.ts';
import { seedFixture } from './test-seed.ts';
import { wire } from './test-wire.ts';

const engine = createODataEngine(fixtureRegistry());
const alice = userPrincipal(1);
const bob = userPrincipal(2);
const carol = userPrincipal(3);
const anonymous: Principal = { kind: 'anonymous' };
const system: Principal = { kind: 'system' };
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openFixtureDb());
  await seedFixture(db);
}, 60_000);
afterAll(() => close());

async function get(url: string, who: Principal = alice) {
  const r = await engine.execute(db, who, { method: 'GET', url: wire(url) });
  return r;
}
async function d(url: string, who: Principal = alice): Promise<Record<string, unknown>[]> {
  const r = await get(url, who);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { d: Record<string, unknown>[] }).d;
}
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id);

describe('GET: entities and keys', () => {
  it('returns all readable scalar fields and own FKs as {__id} without $select, never hidden ones', async () => {
    const [dev] = await d("/device(uuid='aaaa0001')");
    expect(dev).toEqual({
      id: 1,
      created_at: '2026-04-01T00:00:00.000Z',
      uuid: 'aaaa0001',
      device_name: 'alpha',
      note: "o'x y",
      is_online: true,
      belongs_to__application: { __id: 1 },
      is_of__device_type: { __id: 1 },
      is_pinned_on__release: { __id: 1 },
      is_running__release: { __id: 2 },
      overall_status: 'idle',
    });
    expect(await d('/device(2)?$select=*')).toEqual([expect.objectContaining({ id: 2, is_pinned_on__release: null })]);
  });

  it('serialises JSON, Big Integer, Real and Date Time values', async () => {
    const [rel] = await d('/release(1)?$select=composition,image_size,score,created_at,is_final');
    expect(rel).toEqual({ composition: { services: { main: {} } }, image_size: 5000000000, score: 1.5, created_at: '2026-03-01T10:00:00.000Z', is_final: true });
  });

  it('addresses rows by id, natural key, alias-named composite key (any order)', async () => {
    expect(ids(await d('/application(1)?$select=id,app_name'))).toEqual([1]);
    expect(await d("/organization(handle='aorg')?$select=id")).toEqual([{ id: 1 }]);
    expect(await d("/service(application=1,service_name='main')?$select=id")).toEqual([{ id: 1 }]);
    expect(await d("/service(service_name='sidecar',application=1)?$select=id")).toEqual([{ id: 2 }]);
    expect(await d('/service_install(device=1,service=2)?$select=id')).toEqual([{ id: 2 }]);
  });

  it('answers 200 {"d": []} for a missing or invisible row by key', async () => {
    expect(await d("/device(uuid='nope')")).toEqual([]);
    expect(await d('/device(4)')).toEqual([]); // bob's device
    expect(await d('/device(4)', bob)).toHaveLength(1);
  });

  it('rejects keys that are not natural keys, and non-integer ids', async () => {
    expect((await get("/device(device_name='alpha')")).status).toBe(400);
    expect((await get("/device('x')")).status).toBe(400);
  });

  it('accepts canonical long names as resource aliases', async () => {
    expect(await d('/application__has__env_var_name?$select=name&$orderby=name asc&$filter=application eq 1')).toEqual([{ name: 'BAZ' }, { name: 'FOO' }]);
  });
});

describe('GET: $select and $expand', () => {
  it('returns selected FK fields as {__id} or null', async () => {
    expect(await d('/device?$select=id,is_pinned_on__release&$filter=id in (1,2)&$orderby=id asc')).toEqual([
      { id: 1, is_pinned_on__release: { __id: 1 } },
      { id: 2, is_pinned_on__release: null },
    ]);
  });

  it('expands single-valued navigations as arrays and lets the expansion win over $select', async () => {
    const [dev] = await d(
      "/device?$select=id,belongs_to__application,is_of__device_type&$filter=uuid eq 'aaaa0001'&$expand=is_of__device_type($select=is_of__cpu_architecture;$expand=is_of__cpu_architecture($select=slug))",
    );
    expect(dev).toEqual({ id: 1, belongs_to__application: { __id: 1 }, is_of__device_type: [{ is_of__cpu_architecture: [{ slug: 'aarch64' }] }] });
    const [d2] = await d('/device(2)?$select=id&$expand=is_pinned_on__release');
    expect(d2).toEqual({ id: 2, is_pinned_on__release: [] });
  });

  it('applies nested $filter/$orderby/$top/$skip/$select inside expansions', async () => {
    const [app] = await d("/application(1)?$select=id&$expand=owns__release($select=id,commit;$top=1;$filter=is_final eq true and status eq 'success';$orderby=created_at desc)");
    expect(app).toEqual({ id: 1, owns__release: [{ id: 2, commit: 'c0ffee02' }] });
    const [app2] = await d('/application(1)?$select=id&$expand=owns__release($select=id;$orderby=created_at asc;$skip=1)');
    expect(app2?.owns__release).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('expands three levels deep in one statement', async () => {
    const [svc] = await d(
      "/service_install?$select=id&$filter=device/any(d:d/uuid eq 'aaaa0001') and installs__service/any(s:s/service_name eq 'main')&$expand=installs__service($select=service_name;$expand=application($select=slug;$expand=owns__device/$count))",
    );
    expect(svc).toEqual({ id: 1, installs__service: [{ service_name: 'main', application: [{ slug: 'aorg/fleet1', owns__device: 3 }] }] });
  });

  it('expands nav/$count with and without $filter as integers', async () => {
    expect(await d('/application?$select=id&$expand=owns__device/$count($filter=is_online eq true)&$orderby=id asc')).toEqual([
      { id: 1, owns__device: 2 },
      { id: 3, owns__device: 0 },
    ]);
  });

  it('expands reverse navigations and field aliases under the requested name', async () => {
    const [row] = await d('/service_install(1)?$select=id,service');
    expect(row).toEqual({ id: 1, service: { __id: 1 } });
    const [dev] = await d("/device(uuid='aaaa0001')?$select=id&$expand=device_tag($select=tag_key;$orderby=tag_key asc)");
    expect(dev?.device_tag).toEqual([{ tag_key: 'k' }, { tag_key: 'location' }]);
  });

  it('rejects unknown fields, hidden fields, unknown navigations and resources with 400', async () => {
    for (const url of ['/device?$select=nope', '/device?$select=api_secret', '/device?$filter=api_secret eq 1', '/device?$expand=nope', '/nope', '/device?$select=device_tag', '/device?$orderby=nope asc']) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect((r.body as { error: string }).error).toMatch(/Unknown|navigation/);
    }
  });
});

describe('GET: $filter', () => {
  const q = async (filter: string, who: Principal = alice) => ids(await d(`/device?$select=id&$orderby=id asc&$filter=${filter}`, who));

  it('compares with eq/ne/gt/ge/lt/le and null', async () => {
    expect(await q("device_name eq 'alpha'")).toEqual([1]);
    expect(await q("device_name ne 'alpha'")).toEqual([2, 3, 5]);
    expect(await q('id gt 1 and id le 3')).toEqual([2, 3]);
    expect(await q('id ge 3 or id lt 2')).toEqual([1, 3, 5]);
    expect(await q('note eq null')).toEqual([2, 5]);
    expect(await q('note ne null')).toEqual([1, 3]);
    expect(await q('is_pinned_on__release eq 1')).toEqual([1]);
    expect(await q('is_online')).toEqual([1, 3]);
  });

  it('supports not, in (with null), arithmetic and literal-vs-literal', async () => {
    expect(await q('not(is_online eq true)')).toEqual([2, 5]);
    expect(await q('id in (2,3,99)')).toEqual([2, 3]);
    expect(await q('note in (null)')).toEqual([2, 5]);
    expect(await q('(id add 1) le 3')).toEqual([1, 2]);
    expect(await q('(id mul 2) eq 6 or (id sub 1) eq 4 or (id mod 2) eq 0')).toEqual([2, 3, 5]);
    expect(await q('(id div 2) eq 1')).toEqual([2, 3]);
    expect(await q('1 eq 1')).toEqual([1, 2, 3, 5]);
    expect(await q('1 eq 2')).toEqual([]);
  });

  it('supports string functions with literals that contain quotes, %, & and parentheses', async () => {
    expect(await q("startswith(device_name,'a') or endswith(device_name,'co')")).toEqual([1, 3]);
    expect(await q("contains(note,'o''x y')")).toEqual([1]);
    expect(await q("contains(note,'50%')")).toEqual([3]);
    expect(await q("device_name eq 'charlie & co'")).toEqual([3]);
    expect(await q("tolower(toupper(device_name)) eq 'bravo' or trim(' x ') eq 'y'")).toEqual([2]);
    expect(await q("length(device_name) eq 4 and indexof(device_name,'ch') eq 1")).toEqual([5]);
    expect(await q("substring(device_name,1) eq 'lpha' or substring(device_name,0,2) eq 'br'")).toEqual([1, 2]);
    expect(await q("concat(device_name,'!') eq 'echo!'")).toEqual([5]);
  });

  it('supports date functions, datetime and duration literals', async () => {
    expect(await q("created_at ge datetime'2026-04-03T00:00:00.000Z'")).toEqual([3, 5]);
    expect(await q('year(created_at) eq 2026 and month(created_at) eq 4 and day(created_at) eq 2')).toEqual([2]);
    expect(await q('hour(created_at) eq 0 and minute(created_at) eq 0 and second(created_at) eq 0 and fractionalseconds(created_at) eq 0')).toEqual([1, 2, 3, 5]);
    expect(await q("created_at lt (now() sub duration'P1DT2H')")).toEqual([1, 2, 3, 5]);
    expect(await q("created_at lt (datetime'2026-04-01T00:00:00.000Z' add duration'PT1H')")).toEqual([1]);
    expect(await q("date(created_at) eq date(datetime'2026-04-05T10:00:00.000Z')")).toEqual([5]);
    expect(await q("totalseconds(duration'PT1M30S') eq 90 and round(1.4) eq 1 and floor(1.6) eq 1 and ceiling(1.2) eq 2")).toEqual([1, 2, 3, 5]);
    expect(await q('created_at lt now() and created_at lt maxdatetime() and created_at gt mindatetime()')).toEqual([1, 2, 3, 5]);
  });

  it('supports any/all lambdas, nested lambdas with alias paths, and nav counts', async () => {
    expect(await q("device_tag/any(dt:dt/tag_key eq 'k')")).toEqual([1, 2]);
    expect(await q("device_tag/all(dt:dt/tag_key eq 'k')")).toEqual([2, 3, 5]);
    expect(await q('belongs_to__application/any(bta:bta/organization eq 1)')).toEqual([1, 2, 3]);
    expect(await q("service_install/any(si:si/device eq 1 and si/installs__service/any(is:is/service_name eq 'sidecar'))")).toEqual([1]);
    expect(await q('device_tag/$count eq 0')).toEqual([3, 5]);
    expect(await q("device_tag/$count($filter=value eq 'w') gt 0")).toEqual([2]);
    expect(await q("belongs_to__application/slug eq 'borg/public'")).toEqual([5]);
  });

  it('supports the access idiom is_directly_accessible_by__user/any(dau:1 eq 1)', async () => {
    const url = "/application?$filter=is_directly_accessible_by__user/any(dau:1 eq 1) and (slug eq 'aorg/fleet1' or app_name eq 'aorg/fleet1')&$select=slug";
    expect(await d(url)).toEqual([{ slug: 'aorg/fleet1' }]);
    expect(ids(await d('/application?$filter=is_directly_accessible_by__user/any(dau:1 eq 1)&$select=id', bob))).toEqual([2, 3]);
    expect(await d('/application?$filter=is_directly_accessible_by__user/any(dau:1 eq 1)&$select=id', carol)).toEqual([]);
  });

  it('answers 400 for type errors instead of failing', async () => {
    for (const f of ["id eq 'abc'", 'device_name', "contains(id,'x')", 'id div 0 eq 1', "device_tag eq 'x'", "device_tag/tag_key eq 'x'"]) {
      const r = await get(`/device?$filter=${f}`);
      expect(r.status, f).toBe(400);
    }
  });
});

describe('GET: $orderby, paging, $count', () => {
  it('orders by several keys and by nav/$count', async () => {
    expect(ids(await d('/device?$select=id&$orderby=is_online desc,device_name asc'))).toEqual([1, 3, 2, 5]);
    expect(ids(await d('/application?$select=id&$orderby=owns__device/$count desc'))).toEqual([1, 3]);
    expect(ids(await d('/device?$select=id&$orderby=belongs_to__application/app_name desc,id desc'))).toEqual([5, 3, 2, 1]);
  });

  it('pages with $top/$skip and counts with /$count (ignoring paging)', async () => {
    expect(ids(await d('/device?$select=id&$orderby=device_name asc&$top=2&$skip=1'))).toEqual([2, 3]);
    expect((await get('/device/$count?$filter=belongs_to__application eq 1')).body).toEqual({ d: 3 });
    expect((await get('/device/$count?$top=1')).body).toEqual({ d: 4 });
  });
});

describe('GET: row rules everywhere', () => {
  it('gives anonymous callers only public rows', async () => {
    expect(ids(await d('/application?$select=id', anonymous))).toEqual([3]);
    expect(ids(await d('/device?$select=id', anonymous))).toEqual([5]);
    expect(await d('/organization', anonymous)).toEqual([]);
  });

  it('ANDs the target read rule into expansions, lambdas and counts', async () => {
    // bob can read fleet 3 (public, his org) and fleet 2; alice reads fleet 3 only as public.
    const [org] = await d("/organization(handle='borg')?$select=id&$expand=application($select=id),application/$count", bob);
    expect(org).toBeDefined();
    // alice cannot read organization 2, but the public fleet's org FK is still an {__id}
    expect(await d('/application(3)?$select=organization&$expand=organization', alice)).toEqual([{ organization: [] }]);
    expect(ids(await d('/application?$select=id&$filter=organization/any(o:1 eq 1)', alice))).toEqual([1]);
    expect((await get('/application(3)?$select=id&$expand=owns__device/$count', carol)).body).toEqual({ d: [{ id: 3, owns__device: 1 }] });
    expect((await get('/user?$select=id&$expand=organization_membership/$count', carol)).status).toBe(400);
  });

  it('lets the system principal see everything', async () => {
    expect((await get('/device/$count', system)).body).toEqual({ d: 5 });
  });
});
