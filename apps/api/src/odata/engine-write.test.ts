import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { createODataEngine, type ODataMethod } from './engine.ts';
import { fixtureRegistry, openFixtureDb, userPrincipal } from './test-fixture.ts';
import { seedFixture } from './test-seed.ts';
import { wire } from './test-wire.ts';

const engine = createODataEngine(fixtureRegistry());
const alice = userPrincipal(1);
const bob = userPrincipal(2);
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openFixtureDb());
  await seedFixture(db);
}, 60_000);
afterAll(() => close());

const call = (method: ODataMethod, url: string, body?: unknown, who: Principal = alice) => engine.execute(db, who, { method, url: wire(url), body });
const errorOf = (r: { body: unknown }) => (r.body as { error: string }).error;
let seq = 0;
async function newDevice(fields: Record<string, unknown> = {}, who: Principal = alice): Promise<Record<string, unknown>> {
  const r = await call('POST', '/device', { belongs_to__application: 1, is_of__device_type: 1, device_name: `dev${++seq}`, ...fields }, who);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Record<string, unknown>;
}
const hookLog = async () => (await sql<{ entry: string }>`SELECT entry FROM hook_log ORDER BY id`.execute(db)).rows.map((r) => r.entry);

describe('POST', () => {
  it('creates and returns the whole entity with FKs as {__id}, running hooks', async () => {
    const r = await call('POST', '/application', { app_name: 'NewFleet', organization: { __id: 1 }, is_for__device_type: 1, is_accessible_by_support_until__date: 1795391700077 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      app_name: 'NewFleet',
      slug: 'aorg/newfleet',
      organization: { __id: 1 },
      is_for__device_type: { __id: 1 },
      is_public: false,
      should_be_running__release: null,
      is_accessible_by_support_until__date: new Date(1795391700077).toISOString(),
    });
    const id = (r.body as { id: number }).id;
    expect(await hookLog()).toContain(`created application ${id}`);
  });

  it('accepts ISO dates and stores JSON values as JSON', async () => {
    const r = await call('POST', '/release', { commit: 'abc', belongs_to__application: 1, composition: { a: [1] }, image_size: 7, score: 0.5 });
    expect(r.body).toMatchObject({ commit: 'abc', composition: { a: [1] }, image_size: 7, score: 0.5, status: 'running' });
  });

  it('rejects unknown, non-writable and hidden fields, bad types and missing required fields with 400', async () => {
    for (const [body, msg] of [
      [{ app_name: 'x', organization: 1, nope: 1 }, 'Unknown field'],
      [{ app_name: 'x', organization: 1, id: 5 }, 'not writable'],
      [{ app_name: 'x', organization: 1, created_at: '2020-01-01' }, 'not writable'],
      [{ app_name: 'x', organization: 'one' }, 'must be an id'],
      [{ app_name: 'x', organization: 1, is_public: 'yes' }, 'must be a boolean'],
      [{ app_name: 'x', organization: 1, is_accessible_by_support_until__date: 'not a date' }, 'must be a date'],
      [{ organization: 1 }, 'required'],
      [[1, 2], 'JSON object'],
    ] as const) {
      const r = await call('POST', '/application', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(r)).toContain(msg);
    }
    expect(errorOf(await call('POST', '/device', { api_secret: 'x' }))).toContain('Unknown field');
    expect(errorOf(await call('POST', '/device', { overall_status: 'x' }))).toContain('not writable');
  });

  it('answers 409 with "unique" on a duplicate natural key (SDK upsert), then PATCH by $filter works', async () => {
    const dev = await newDevice();
    expect((await call('POST', '/device_tag', { device: dev.id, tag_key: 'k', value: '1' })).status).toBe(201);
    const dup = await call('POST', '/device_tag', { device: dev.id, tag_key: 'k', value: '2' });
    expect(dup.status).toBe(409);
    expect(errorOf(dup)).toMatch(/unique/i);
    const patch = await call('PATCH', `/device_tag?$filter=device eq ${String(dev.id)} and tag_key eq 'k'`, { value: '2' });
    expect(patch).toEqual({ status: 200, body: 'OK' });
    expect((await call('GET', `/device_tag?$select=value&$filter=device eq ${String(dev.id)}`)).body).toEqual({ d: [{ value: '2' }] });
  });

  it('answers a duplicate key in rows the caller may not create as 401, not 409 (no existence leak, no upsert fall-through)', async () => {
    const dev = await newDevice();
    expect((await call('POST', '/device_tag', { device: dev.id, tag_key: 'k', value: 'mine' })).status).toBe(201);
    const dup = await call('POST', '/device_tag', { device: dev.id, tag_key: 'k', value: 'theirs' }, bob);
    expect(dup.status).toBe(401);
    expect(errorOf(dup)).not.toMatch(/unique/i);
    // The same clash for an allowed caller is still 409, and the failed attempt changed nothing.
    expect((await call('POST', '/device_tag', { device: dev.id, tag_key: 'k', value: 'again' })).status).toBe(409);
    expect((await call('GET', `/device_tag?$select=value&$filter=device eq ${String(dev.id)}`)).body).toEqual({ d: [{ value: 'mine' }] });
  });

  it('answers a missing FK target like an unusable one (403, nothing written); not-null violations 400', async () => {
    const r = await call('POST', '/device', { belongs_to__application: 1, is_of__device_type: 999 });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'reference_not_allowed' });
    // The server itself skips the reference checks; the database's FK still answers 400.
    const sys = await call('POST', '/device', { belongs_to__application: 1, is_of__device_type: 999 }, { kind: 'system' });
    expect(sys.status).toBe(400);
    expect(errorOf(sys)).toContain('does not exist');
    const nn = await call('POST', '/device_tag', { device: 1, tag_key: 'z', value: null });
    expect(nn.status).toBe(400);
  });

  it('rolls back with 401 when the create rule fails on the inserted row', async () => {
    const before = (await call('GET', '/device/$count', undefined, { kind: 'system' })).body;
    const r = await call('POST', '/device', { belongs_to__application: 2, is_of__device_type: 1 }, alice);
    expect(r.status).toBe(401);
    expect((await call('GET', '/device/$count', undefined, { kind: 'system' })).body).toEqual(before);
  });

  it('refuses every write from anonymous callers with 401', async () => {
    for (const m of ['POST', 'PATCH', 'DELETE'] as const) {
      expect((await call(m, m === 'POST' ? '/device' : '/device(5)', {}, { kind: 'anonymous' })).status).toBe(401);
    }
  });
});

describe('PATCH', () => {
  it('updates by id and by natural key, accepting epoch-ms and null dates', async () => {
    const dev = await newDevice();
    expect((await call('PATCH', `/device(${String(dev.id)})`, { device_name: 'renamed', note: 'n' })).status).toBe(200);
    expect((await call('PATCH', `/device(uuid='${String(dev.uuid)}')`, { note: null })).status).toBe(200);
    expect((await call('GET', `/device(${String(dev.id)})?$select=device_name,note`)).body).toEqual({ d: [{ device_name: 'renamed', note: null }] });
    expect((await call('PATCH', '/application(1)', { is_accessible_by_support_until__date: 1795391700077 })).status).toBe(200);
    expect((await call('GET', '/application(1)?$select=is_accessible_by_support_until__date')).body).toEqual({
      d: [{ is_accessible_by_support_until__date: new Date(1795391700077).toISOString() }],
    });
    expect((await call('PATCH', '/application(1)', { is_accessible_by_support_until__date: null })).status).toBe(200);
  });

  it('bulk-updates by $filter (id in (…)); zero matches is not an error', async () => {
    const a = await newDevice();
    const b = await newDevice();
    expect((await call('PATCH', `/device?$filter=id in (${String(a.id)},${String(b.id)})`, { is_online: true })).status).toBe(200);
    expect((await call('GET', `/device?$select=is_online&$filter=id in (${String(a.id)},${String(b.id)})`)).body).toEqual({ d: [{ is_online: true }, { is_online: true }] });
    expect(await call('PATCH', "/device?$filter=uuid eq 'none'", { is_online: true })).toEqual({ status: 200, body: 'OK' });
  });

  it('runs beforeUpdate/afterUpdate with the affected ids; a fleet move clears the pin', async () => {
    const dev = await newDevice({ is_pinned_on__release: 1 });
    await call('PATCH', `/device?$filter=id in (${String(dev.id)})`, { belongs_to__application: 1 });
    expect(await hookLog()).toEqual(expect.arrayContaining([`update device ${String(dev.id)}`, `updated device ${String(dev.id)}`]));
    expect((await call('GET', `/device(${String(dev.id)})?$select=is_pinned_on__release`)).body).toEqual({ d: [{ is_pinned_on__release: null }] });
  });

  it('rolls back with 401 when the change moves the row out of the caller’s rights', async () => {
    const dev = await newDevice();
    const r = await call('PATCH', `/device(${String(dev.id)})`, { belongs_to__application: 2, device_name: 'moved' });
    expect(r.status).toBe(401);
    expect((await call('GET', `/device(${String(dev.id)})?$select=device_name,belongs_to__application`)).body).toEqual({
      d: [{ device_name: dev.device_name, belongs_to__application: { __id: 1 } }],
    });
  });

  it('answers 401 for readable-but-not-writable rows and 404 for invisible ones (by key)', async () => {
    expect((await call('PATCH', '/device(5)', { note: 'x' }, alice)).status).toBe(401); // public fleet device
    expect((await call('PATCH', '/device(4)', { note: 'x' }, alice)).status).toBe(404); // bob's private device
    expect((await call('PATCH', '/device?$filter=id eq 5', { note: 'x' }, alice)).status).toBe(401);
    expect((await call('PATCH', '/device?$filter=id eq 4', { note: 'x' }, alice)).status).toBe(200); // invisible: zero matches
    expect((await call('GET', '/device(4)?$select=note', undefined, bob)).body).toEqual({ d: [{ note: null }] });
  });

  it('answers 409 "unique" when a PATCH creates a duplicate', async () => {
    const dev = await newDevice();
    const r = await call('PATCH', `/device(${String(dev.id)})`, { uuid: 'aaaa0001' });
    expect(r.status).toBe(409);
    expect(errorOf(r)).toContain('"uuid" must be unique.');
  });
});

describe('DELETE', () => {
  it('deletes by id, natural key and $filter, running beforeDelete', async () => {
    const a = await newDevice();
    const b = await newDevice();
    const c = await newDevice();
    expect(await call('DELETE', `/device(${String(a.id)})`)).toEqual({ status: 200, body: 'OK' });
    expect((await call('DELETE', `/device(uuid='${String(b.uuid)}')`)).status).toBe(200);
    expect((await call('DELETE', `/device?$filter=id in (${String(c.id)})`)).status).toBe(200);
    expect((await call('GET', `/device/$count?$filter=id in (${String(a.id)},${String(b.id)},${String(c.id)})`)).body).toEqual({ d: 0 });
    expect(await hookLog()).toContain(`delete device ${String(c.id)}`);
    expect((await call('DELETE', '/device_tag?$filter=device eq 999999')).status).toBe(200);
  });

  it('answers 409 when the row is still referenced, 401/404 without rights', async () => {
    const rel = await call('POST', '/release', { commit: 'ref', belongs_to__application: 1 });
    const relId = (rel.body as { id: number }).id;
    await newDevice({ is_pinned_on__release: relId });
    const r = await call('DELETE', `/release(${String(relId)})`);
    expect(r.status).toBe(409);
    expect((await call('DELETE', '/device(5)', undefined, alice)).status).toBe(401);
    expect((await call('DELETE', '/device(4)', undefined, alice)).status).toBe(404);
    expect((await call('GET', '/device/$count?$filter=id in (4,5)', undefined, { kind: 'system' })).body).toEqual({ d: 2 });
    expect((await call('DELETE', '/device(4)', undefined, bob)).status).toBe(200);
  });

  it('rejects query options other than $filter on writes', async () => {
    expect((await call('DELETE', '/device?$top=1')).status).toBe(400);
    expect((await call('POST', '/device?$select=id', {})).status).toBe(400);
  });
});
