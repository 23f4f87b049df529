import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import { registerDevice } from './log-test-helpers.ts';
import { fleetLogLinesQuery, insertDeviceLogLines, listFleetLogLines, type FleetHistoryQuery } from './device-logs.repository.ts';

/**
 * The fleet tail's history read (GET /device/v2/fleet/:fleetId/logs) on a real database
 * (PGlite, or PostgreSQL with DATABASE_URL): it answers like a plain "newest lines of the
 * fleet's devices" query, and its plan reads only the fleet's own lines even when another
 * fleet has filled the table.
 */
let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(async () => ctx?.close());

const BIG_FLEET_LINES = 20_000;
const T0 = Date.UTC(2026, 0, 1);

/** What the history read must answer: every matching line of the fleet, newest `count`, oldest first. */
async function reference(fleetId: number, q: FleetHistoryQuery): Promise<Array<{ id: number; uuid: string }>> {
  const r = await sql<{ id: number; uuid: string }>`
    SELECT l.id, d.uuid FROM device_log l JOIN device d ON d.id = l.device
     WHERE d.belongs_to__application = ${fleetId}
       ${q.readable === true ? sql`` : sql`AND ${q.readable as RawBuilder<unknown>}`}
       ${q.start ? sql`AND l."timestamp" >= ${q.start.toISOString()}::timestamptz` : sql``}
       ${q.serviceIds?.length ? sql`AND l.service_id = ANY (${q.serviceIds}::int[])` : sql``}
       ${q.deviceUuids?.length ? sql`AND d.uuid = ANY (${q.deviceUuids}::text[])` : sql``}
     ORDER BY l.id DESC ${q.count == null ? sql`` : sql`LIMIT ${q.count}`}`.execute(db);
  return r.rows.map((row) => ({ id: Number(row.id), uuid: row.uuid })).reverse();
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan took out of device_log (returned or filtered away), over every loop. */
async function deviceLogRowsRead(query: RawBuilder<unknown>): Promise<number> {
  const r = await sql<Record<string, unknown>>`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`.execute(db);
  const cell = Object.values(r.rows[0]!)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  const walk = (n: PlanNode): number => {
    const own =
      n['Relation Name'] === 'device_log'
        ? ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) * (n['Actual Loops'] ?? 1)
        : 0;
    return own + (n.Plans ?? []).reduce((sum, c) => sum + walk(c), 0);
  };
  return walk(plan[0]!.Plan);
}

describe('fleet log history (the fleet tail’s first burst)', () => {
  it('answers like the plain query and reads only the fleet’s own lines, whatever else the table holds', async () => {
    // Another fleet fills the table with far newer lines than the small fleet's.
    const small = await createFleetWithProvisioningKey(db);
    const a = await registerDevice(ctx.app, small);
    const b = await registerDevice(ctx.app, small);
    const c = await registerDevice(ctx.app, small);
    // a and b interleave (ids decide the order, not timestamps); c has no lines at all.
    for (let i = 0; i < 12; i++) {
      const dev = i % 3 === 2 ? b : a;
      await insertDeviceLogLines(db, dev, [
        { message: `s${i}`, timestamp: new Date(T0 + (i % 5) * 1000), isSystem: i % 4 === 0, isStdErr: false, serviceId: i % 2 === 0 ? 7 : 8 },
      ]);
    }
    const big = await createFleetWithProvisioningKey(db);
    const noisy = await registerDevice(ctx.app, big);
    await sql`
      INSERT INTO device_log (device, "timestamp", message, service_id)
      SELECT ${noisy.id}::int, ${new Date(T0).toISOString()}::timestamptz + g * interval '1 ms', 'noise ' || g, 7
        FROM generate_series(1, ${BIG_FLEET_LINES}) g`.execute(db);
    await sql`ANALYZE device_log`.execute(db);
    await sql`ANALYZE device`.execute(db);

    const fleetId = small.applicationId;
    const queries: FleetHistoryQuery[] = [
      { count: 5, readable: true },
      { count: null, readable: true },
      { count: 1000, readable: true },
      { count: 3, readable: true, start: new Date(T0 + 3000) },
      { count: 4, readable: true, serviceIds: [8] },
      { count: null, readable: true, serviceIds: [7, 8], deviceUuids: [b.uuid] },
      { count: 2, readable: true, deviceUuids: [a.uuid, c.uuid] },
      { count: 10, readable: sql`d.id <> ${a.id}` },
    ];
    for (const q of queries) {
      const got = (await listFleetLogLines(db, fleetId, q)).map((l) => ({ id: l.id, uuid: l.uuid }));
      expect(got, JSON.stringify({ ...q, readable: q.readable === true })).toEqual(await reference(fleetId, q));
    }
    // Spot-check the ordering itself: the newest 5 of a+b, oldest first.
    expect((await listFleetLogLines(db, fleetId, { count: 5, readable: true })).map((l) => l.message)).toEqual(['s7', 's8', 's9', 's10', 's11']);
    expect(await listFleetLogLines(db, fleetId, { count: 0, readable: true })).toEqual([]);
    expect(await listFleetLogLines(db, fleetId, { count: 5, readable: false })).toEqual([]);

    // The plan: what it reads from device_log is bounded by the small fleet's 12 lines, not the
    // 20 000 others — for "all", for a start the old lines miss, and for a service filter.
    for (const q of [queries[1]!, queries[3]!, queries[4]!]) {
      expect(await deviceLogRowsRead(fleetLogLinesQuery(fleetId, q))).toBeLessThanOrEqual(12);
    }
    // The noisy fleet itself still gets its newest lines.
    const noisyTail = await listFleetLogLines(db, big.applicationId, { count: 2, readable: true });
    expect(noisyTail.map((l) => l.message)).toEqual([`noise ${BIG_FLEET_LINES - 1}`, `noise ${BIG_FLEET_LINES}`]);
  });
});
