import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { MAX_HISTORY_BYTES } from './device-logs.repository.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { until } from '../test/until.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { bearer, listen, openLogStream, readNdjson, registerDevice } from './log-test-helpers.ts';

/**
 * Device logs end to end over real HTTP on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): both upload routes, reading with count/start, the live NDJSON stream with its
 * keep-alive, and the fleet tail.
 */
let ctx: TestContext;
let db: Db;
let base: string;
const KEEPALIVE_MS = 300;

beforeAll(async () => {
  ctx = await createTestApp({ logStreamKeepAliveMs: KEEPALIVE_MS });
  db = ctx.database.db;
  base = await listen(ctx.app);
});
afterAll(async () => ctx?.close());

const stored = async (deviceId: number) =>
  db.selectFrom('device_log').select(['message', 'is_system', 'is_stderr', 'service_id']).where('device', '=', deviceId).orderBy('id').execute();

async function world() {
  const fleet = await createFleetWithProvisioningKey(db);
  const device = await registerDevice(ctx.app, fleet);
  const reader = await createUserWithKey(db, fleet.applicationId, 'observer');
  return { fleet, device, reader };
}

describe('POST /device/v2/:uuid/log-stream (compat §5.5)', () => {
  it('stores gzip NDJSON lines as they arrive and answers only when the device ends the upload', async () => {
    const { device } = await world();
    const up = openLogStream(base, device.uuid, device.apiKey);
    let answered = false;
    void up.response.then(() => (answered = true));
    await up.write([
      { message: 'first', timestamp: 1_700_000_000_000, serviceId: 7 },
      { message: 'supervisor line', timestamp: 1_700_000_000_001, isSystem: true },
    ]);
    // Durable while the upload is still open, and no early answer (the supervisor treats one as an error).
    await until('lines stored mid-stream', () => stored(device.id), (rows) => rows.length === 2, 5000);
    await up.write('this is not json\n{"nomessage":1}\n');
    await up.write([{ message: 'err', timestamp: 1_700_000_000_002, isStdErr: true, serviceId: 7 }]);
    await until('third line', () => stored(device.id), (rows) => rows.length === 3, 5000);
    expect(answered).toBe(false);
    const res = await up.end();
    expect(res.status).toBe(201);
    expect(await stored(device.id)).toEqual([
      { message: 'first', is_system: false, is_stderr: false, service_id: 7 },
      { message: 'supervisor line', is_system: true, is_stderr: false, service_id: null },
      { message: 'err', is_system: false, is_stderr: true, service_id: 7 },
    ]);
  });

  it('takes a plain (not gzipped) body and a last line without a newline', async () => {
    const { device } = await world();
    const up = openLogStream(base, device.uuid, device.apiKey, { gzip: false });
    await up.write('{"message":"a","timestamp":1}\n{"message":"b"}');
    expect((await up.end()).status).toBe(201);
    expect((await stored(device.id)).map((r) => r.message)).toEqual(['a', 'b']);
  });

  it('answers 400 to a body that is not gzip, keeping nothing of it', async () => {
    const { device } = await world();
    const res = await fetch(`${base}/device/v2/${device.uuid}/log-stream`, {
      method: 'POST',
      headers: { ...bearer(device.apiKey), 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' },
      body: 'plainly not gzip',
    });
    expect(res.status).toBe(400);
    expect(await stored(device.id)).toEqual([]);
  });

  it("refuses another device's key, a provisioning key, a user key and no key", async () => {
    const { fleet, device } = await world();
    const other = await registerDevice(ctx.app, fleet);
    const admin = await createUserWithKey(db, fleet.applicationId, 'administrator');
    for (const [key, status] of [
      [other.apiKey, 403],
      [fleet.provisioningKey, 403],
      [admin.apiKey, 403],
      ['', 401],
    ] as const) {
      const res = await fetch(`${base}/device/v2/${device.uuid}/log-stream`, {
        method: 'POST',
        headers: { ...(key ? bearer(key) : {}), 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' },
        body: gzipSync('{"message":"forged","timestamp":1}\n'),
      });
      expect(res.status, key).toBe(status);
    }
    expect(await stored(device.id)).toEqual([]);
  });
});

describe('closing the server', () => {
  it('cuts open uploads and read streams at once, keeping the lines already received', async () => {
    const own = await createTestApp();
    const url = await listen(own.app);
    const fleet = await createFleetWithProvisioningKey(own.database.db);
    const device = await registerDevice(own.app, fleet);
    const reader = await createUserWithKey(own.database.db, fleet.applicationId, 'observer');
    const stream = await readNdjson(`${url}/device/v2/${device.uuid}/logs?stream=1`, bearer(reader.apiKey));
    const up = openLogStream(url, device.uuid, device.apiKey);
    const outcome = up.response.then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    );
    await up.write([{ message: 'kept', timestamp: 1 }]);
    const kept = () => own.database.db.selectFrom('device_log').select('message').where('device', '=', device.id).execute();
    await until('the line stored', kept, (rows) => rows.length === 1, 5000);
    const started = Date.now();
    await own.app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    // Not a 201: the device must not take the upload as acknowledged.
    expect(await outcome).not.toBe('answered 201');
    expect((await kept()).map((r) => r.message)).toEqual(['kept']);
    stream.close();
    await own.close();
  });
});

describe('POST /device/v2/:uuid/logs (batch)', () => {
  it('stores the good lines, skips junk, and refuses keys that are not the device', async () => {
    const { fleet, device } = await world();
    const other = await registerDevice(ctx.app, fleet);
    const post = (key: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: `/device/v2/${device.uuid}/logs`, headers: bearer(key), payload: payload as object });
    expect((await post(device.apiKey, [{ message: 'ok', timestamp: 5 }, 42, { nope: 1 }, { message: 'legacy', timestamp: '2025-01-01T00:00:00Z', is_system: true }])).statusCode).toBe(201);
    expect((await post(other.apiKey, [{ message: 'forged' }])).statusCode).toBe(403);
    expect((await post(fleet.provisioningKey, [{ message: 'forged' }])).statusCode).toBe(403);
    expect((await stored(device.id)).map((r) => [r.message, r.is_system])).toEqual([
      ['ok', false],
      ['legacy', true],
    ]);
  });
});

describe('GET /device/v2/:uuid/logs (compat §4)', () => {
  async function seeded(n: number) {
    const w = await world();
    const lines = Array.from({ length: n }, (_, i) => ({ message: `line ${i}`, timestamp: 1_700_000_000_000 + i * 1000, serviceId: i % 2 === 0 ? 3 : undefined, isSystem: i % 2 === 1 }));
    const res = await ctx.app.inject({ method: 'POST', url: `/device/v2/${w.device.uuid}/logs`, headers: bearer(w.device.apiKey), payload: lines });
    expect(res.statusCode).toBe(201);
    return w;
  }
  const read = (uuid: string, key: string, query = '') => ctx.app.inject({ method: 'GET', url: `/device/v2/${uuid}/logs${query}`, headers: bearer(key) });

  it('serves the newest lines oldest first in the compat shape, honouring count and start', async () => {
    const { device, reader } = await seeded(12);
    const all = await read(device.uuid, reader.apiKey);
    expect(all.statusCode).toBe(200);
    const body = all.json() as Array<Record<string, unknown>>;
    expect(body.map((l) => l.message)).toEqual(Array.from({ length: 12 }, (_, i) => `line ${i}`));
    expect(body[0]).toEqual({ message: 'line 0', timestamp: 1_700_000_000_000, createdAt: expect.any(Number), isSystem: false, isStdErr: false, serviceId: 3 });
    expect(body[1]).not.toHaveProperty('serviceId');
    const last3 = (await read(device.uuid, reader.apiKey, '?count=3')).json() as Array<{ message: string }>;
    expect(last3.map((l) => l.message)).toEqual(['line 9', 'line 10', 'line 11']);
    const since = (await read(device.uuid, reader.apiKey, `?start=${1_700_000_000_000 + 10_000}`)).json() as Array<{ message: string }>;
    expect(since.map((l) => l.message)).toEqual(['line 10', 'line 11']);
    const iso = (await read(device.uuid, reader.apiKey, `?start=${new Date(1_700_000_000_000 + 11_000).toISOString()}&count=all`)).json() as Array<{ message: string }>;
    expect(iso.map((l) => l.message)).toEqual(['line 11']);
    expect((await read(device.uuid, reader.apiKey, '?count=lots')).statusCode).toBe(400);
    // A date past year 9999 is refused, not sent to the database (PostgreSQL answered it with a 500).
    expect((await read(device.uuid, reader.apiKey, '?start=%2B275760-09-13T00:00:00Z')).statusCode).toBe(400);
  });

  it('cuts one history read at MAX_HISTORY_BYTES of message text, keeping the newest lines', async () => {
    const { device, reader } = await world();
    // 1 000 lines of 10 000 characters (~10 MB): more than one read may carry.
    await sql`INSERT INTO device_log (device, "timestamp", message)
      SELECT ${device.id}::int, to_timestamp(1700000000 + g), lpad(g::text, 10000, 'x') FROM generate_series(1, 1000) g`.execute(db);
    const all = (await read(device.uuid, reader.apiKey, '?count=all')).json() as Array<{ message: string }>;
    const fits = Math.floor(MAX_HISTORY_BYTES / 10_000);
    expect(all.length).toBe(fits);
    // The newest ones, oldest first.
    expect(all.at(-1)!.message.endsWith('1000')).toBe(true);
    expect(all[0]!.message.endsWith(String(1001 - fits))).toBe(true);
  });

  it('answers an outsider exactly as a missing device, and the device itself may read its logs', async () => {
    const { device } = await seeded(2);
    const outsider = await createUserWithKey(db, (await createFleetWithProvisioningKey(db)).applicationId, 'administrator');
    const asOutsider = await read(device.uuid, outsider.apiKey);
    const missing = await read('0123456789abcdef0123456789abcdef', outsider.apiKey);
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.body).toBe(missing.body);
    expect((await read(device.uuid, device.apiKey)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/device/v2/${device.uuid}/logs` })).statusCode).toBe(401);
  });
});

describe('GET /device/v2/:uuid/logs?stream=1', () => {
  it('sends the history burst, then a line stored after subscribing, and keep-alive newlines', async () => {
    const { device, reader } = await world();
    await ctx.app.inject({ method: 'POST', url: `/device/v2/${device.uuid}/logs`, headers: bearer(device.apiKey), payload: [{ message: 'old 1' }, { message: 'old 2' }, { message: 'old 3' }] });
    const stream = await readNdjson(`${base}/device/v2/${device.uuid}/logs?stream=1&count=2`, bearer(reader.apiKey));
    try {
      expect(stream.status).toBe(200);
      const messages = () => Promise.resolve(stream.lines.filter((l) => l !== '').map((l) => (JSON.parse(l) as { message: string }).message));
      await until('history burst', messages, (m) => m.length === 2, 5000);
      expect(await messages()).toEqual(['old 2', 'old 3']);
      const up = openLogStream(base, device.uuid, device.apiKey);
      await up.write([{ message: 'live one', timestamp: Date.now(), serviceId: 4 }]);
      await until('live line', messages, (m) => m.length === 3, 5000);
      expect(await messages()).toEqual(['old 2', 'old 3', 'live one']);
      expect((await up.end()).status).toBe(201);
      // Quiet now: bare newlines keep it open.
      await until('keep-alive newlines', () => Promise.resolve(stream.lines.filter((l) => l === '').length), (n) => n >= 2, 5000);
      expect(await messages()).toEqual(['old 2', 'old 3', 'live one']);
    } finally {
      stream.close();
    }
  });

  it('with count=0 sends no history, only what comes next', async () => {
    const { device, reader } = await world();
    await ctx.app.inject({ method: 'POST', url: `/device/v2/${device.uuid}/logs`, headers: bearer(device.apiKey), payload: [{ message: 'before' }] });
    const stream = await readNdjson(`${base}/device/v2/${device.uuid}/logs?stream=1&count=0`, bearer(reader.apiKey));
    try {
      await ctx.app.inject({ method: 'POST', url: `/device/v2/${device.uuid}/logs`, headers: bearer(device.apiKey), payload: [{ message: 'after' }] });
      const messages = () => Promise.resolve(stream.lines.filter((l) => l !== '').map((l) => (JSON.parse(l) as { message: string }).message));
      await until('the live line', messages, (m) => m.length >= 1, 5000);
      expect(await messages()).toEqual(['after']);
    } finally {
      stream.close();
    }
  });
});

describe('GET /device/v2/fleet/:fleetId/logs (fleet tail)', () => {
  it('merges the fleet’s devices, filters by service and device, names each line’s device, and hides other fleets', async () => {
    const { fleet, device, reader } = await world();
    const second = await registerDevice(ctx.app, fleet);
    const post = (d: { uuid: string; apiKey: string }, payload: unknown[]) =>
      ctx.app.inject({ method: 'POST', url: `/device/v2/${d.uuid}/logs`, headers: bearer(d.apiKey), payload });
    await post(device, [{ message: 'a1', serviceId: 1 }, { message: 'a-sys', isSystem: true }]);
    await post(second, [{ message: 'b2', serviceId: 2 }]);
    const tail = (q: string) => ctx.app.inject({ method: 'GET', url: `/device/v2/fleet/${fleet.applicationId}/logs${q}`, headers: bearer(reader.apiKey) });
    const all = (await tail('')).json() as Array<{ message: string; uuid: string }>;
    expect(all.map((l) => [l.message, l.uuid])).toEqual([
      ['a1', device.uuid],
      ['a-sys', device.uuid],
      ['b2', second.uuid],
    ]);
    expect(((await tail('?service=2')).json() as Array<{ message: string }>).map((l) => l.message)).toEqual(['b2']);
    expect(((await tail(`?device=${device.uuid}`)).json() as Array<{ message: string }>).map((l) => l.message)).toEqual(['a1', 'a-sys']);
    // Live: a line of the second device arrives with its uuid; a filtered-out one does not.
    const stream = await readNdjson(`${base}/device/v2/fleet/${fleet.applicationId}/logs?stream=1&count=1&service=1,2`, bearer(reader.apiKey));
    try {
      await post(device, [{ message: 'a-sys-live', isSystem: true }]);
      await post(second, [{ message: 'b2-live', serviceId: 2 }]);
      const got = () => Promise.resolve(stream.lines.filter((l) => l !== '').map((l) => JSON.parse(l) as { message: string; uuid: string }));
      await until('the live fleet line', got, (g) => g.some((l) => l.message === 'b2-live'), 5000);
      expect((await got()).map((l) => [l.message, l.uuid])).toEqual([
        ['b2', second.uuid],
        ['b2-live', second.uuid],
      ]);
    } finally {
      stream.close();
    }
    const outsider = await createUserWithKey(db, (await createFleetWithProvisioningKey(db)).applicationId, 'administrator');
    const hidden = await ctx.app.inject({ method: 'GET', url: `/device/v2/fleet/${fleet.applicationId}/logs`, headers: bearer(outsider.apiKey) });
    expect(hidden.statusCode).toBe(404);
  });
});
