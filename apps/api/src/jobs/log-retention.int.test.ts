import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { createLogRetention, LOG_RETENTION_LOCK_KEY } from './log-retention.ts';

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(async () => ctx?.close());

async function upload(uuid: string, key: string, from: number, n: number) {
  const payload = Array.from({ length: n }, (_, i) => ({ message: `m${from + i}`, timestamp: 1_700_000_000_000 + from + i }));
  const res = await ctx.app.inject({ method: 'POST', url: `/device/v2/${uuid}/logs`, headers: { authorization: `Bearer ${key}` }, payload });
  expect(res.statusCode).toBe(201);
}
const messages = async (deviceId: number) => (await db.selectFrom('device_log').select('message').where('device', '=', deviceId).orderBy('id').execute()).map((r) => r.message);

describe('log retention job', () => {
  it('keeps each device’s newest N lines, only deletes in its tick, and looks again only at devices that logged since', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const a = await registerDevice(ctx.app, fleet);
    const b = await registerDevice(ctx.app, fleet);
    await upload(a.uuid, a.apiKey, 0, 8);
    await upload(b.uuid, b.apiKey, 0, 3);
    // Ingest never deletes: all 8 are there until the job runs.
    expect(await messages(a.id)).toHaveLength(8);
    const retention = createLogRetention(db, 5);
    const first = await retention.tick();
    expect(first).toMatchObject({ ran: true, deleted: 3 });
    expect(await messages(a.id)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    expect(await messages(b.id)).toEqual(['m0', 'm1', 'm2']);
    await upload(b.uuid, b.apiKey, 3, 4);
    const second = await retention.tick();
    expect(second).toMatchObject({ ran: true, devices: 1, deleted: 2 });
    expect(await messages(b.id)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    expect(await retention.tick()).toMatchObject({ ran: true, devices: 0, deleted: 0 });
  });

  it('does nothing while another replica holds the lock', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const a = await registerDevice(ctx.app, fleet);
    await upload(a.uuid, a.apiKey, 0, 4);
    const retention = createLogRetention(db, 1);
    const result = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${LOG_RETENTION_LOCK_KEY})`.execute(tx);
      // PGlite is one connection: the other "replica" must run outside this transaction, so on
      // PGlite this checks the lock is taken inside the tick's own transaction instead.
      return ctx.database.kind === 'postgres' ? retention.tick() : null;
    });
    if (result) expect(result).toEqual({ ran: false, devices: 0, deleted: 0 });
    // Other tests' devices share the database: count only this one's lines.
    expect((await retention.tick()).ran).toBe(true);
    expect(await messages(a.id)).toEqual(['m3']);
  });

  it('lets a fleet keep more with BALENA_LOG_RETENTION_LINES, and never fewer than the operator keeps', async () => {
    const setVar = async (applicationId: number, value: string) => {
      const admin = await createUserWithKey(db, applicationId, 'administrator');
      // Set as a user sets it (the OData resource, with the spec's name rules), not by SQL.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v7/application_config_variable',
        headers: { authorization: `Bearer ${admin.apiKey}` },
        payload: { application: applicationId, name: 'BALENA_LOG_RETENTION_LINES', value },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const plain = await createFleetWithProvisioningKey(db);
    const keen = await createFleetWithProvisioningKey(db);
    const stingy = await createFleetWithProvisioningKey(db);
    await setVar(keen.applicationId, '7');
    await setVar(stingy.applicationId, '1');
    const p = await registerDevice(ctx.app, plain);
    const k = await registerDevice(ctx.app, keen);
    const s = await registerDevice(ctx.app, stingy);
    for (const d of [p, k, s]) await upload(d.uuid, d.apiKey, 0, 10);
    const retention = createLogRetention(db, 3);
    expect(await retention.tick()).toMatchObject({ ran: true });
    expect(await messages(p.id)).toEqual(['m7', 'm8', 'm9']);
    expect(await messages(k.id)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    // Below the operator's lines: the operator's minimum stands.
    expect(await messages(s.id)).toEqual(['m7', 'm8', 'm9']);
  });
});
