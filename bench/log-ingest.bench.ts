import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { defaultConfig } from '../apps/api/src/lib/config.ts';
import { generateApiKeySecret } from '../apps/api/src/api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey } from '../apps/api/src/devices/device-test-factories.ts';
import { putOnPaidPlan } from './lib/paid-plan.ts';
import type { Db } from '../apps/api/src/db/database.ts';
import { HttpApiClient, type LogLine } from '../apps/device/src/api-client.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';

/**
 * Device log ingest (DESIGN.md "Performance": log ingest lines/s; issue 14 bar: ≥ 5 000
 * lines/s and ≥ 0.25 × the ceiling, 0 acknowledged lines lost).
 *
 * APP: D devices registered through the API, each uploading L lines on the real
 * `POST /device/v2/<uuid>/log-stream` with the agent's own uploader (apps/device
 * api-client.ts: gzip NDJSON, sync-flushed every `--chunk` lines, as the supervisor flushes),
 * all devices at once; a device's lines count as acknowledged when its stream's 201 arrives
 * (the server answers only after storing every line). Time = first byte to last 201. The
 * whole path: HTTP, gunzip, NDJSON split, zod per line, batched INSERT, live publish.
 * Afterwards the rows are counted per device: lost = acknowledged − stored (must be 0).
 *
 * CEILING: the same lines inserted straight into the same table, as D concurrent writers
 * each sending batches of 1 000 rows as one plain multi-row `INSERT … VALUES` (Kysely, the
 * same database connection pool): no HTTP, no parsing, no compression, no publish.
 *
 * Rounds alternate app and ceiling (`--rounds`, the median of each is reported).
 *
 *   npx tsx bench/log-ingest.bench.ts [--devices 10] [--lines 3000] [--chunk 50] [--rounds 3]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/log-ingest.bench.ts
 */
export const LOG_INGEST_DEFAULTS = { devices: 10, lines: 3000, chunk: 50, rounds: 3 };
export type LogIngestOptions = typeof LOG_INGEST_DEFAULTS;

export interface LogIngestRound {
  appLinesPerSecond: number;
  ceilingLinesPerSecond: number;
  acknowledged: number;
  stored: number;
  lost: number;
}

export interface LogIngestResult {
  name: 'log-ingest';
  options: LogIngestOptions;
  environment: Record<string, unknown>;
  rounds: LogIngestRound[];
  appLinesPerSecond: number;
  ceilingLinesPerSecond: number;
  ratio: number;
  lost: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function linesFor(device: number, round: number, count: number): LogLine[] {
  return Array.from({ length: count }, (_, i) =>
    i % 5 === 0
      ? { message: `Supervisor: round ${round} step ${i}`, timestamp: Date.now(), isSystem: true }
      : { message: `[main] round ${round} device ${device} processed batch ${i} of sensor readings in 12 ms`, timestamp: Date.now(), serviceId: 1 + (i % 3), isStdErr: i % 7 === 0 },
  );
}

/** Every device uploads its lines at once through the agent's uploader (also the cluster bench's W5 load). */
export async function appRound(url: string, devices: Array<{ uuid: string; key: string }>, o: Pick<LogIngestOptions, 'lines' | 'chunk'>, round: number): Promise<{ seconds: number; acknowledged: Map<string, number> }> {
  const client = new HttpApiClient(url);
  const acknowledged = new Map<string, number>();
  const t0 = performance.now();
  await Promise.all(
    devices.map(async (d, i) => {
      const lines = linesFor(i, round, o.lines);
      const upload = client.openLogStream(d.key, d.uuid);
      for (let at = 0; at < lines.length; at += o.chunk) {
        upload.write(lines.slice(at, at + o.chunk));
        // Let the socket drain now and then, as a device producing lines over time would.
        if ((at / o.chunk) % 20 === 19) await new Promise((r) => setImmediate(r));
      }
      await upload.end();
      acknowledged.set(d.uuid, lines.length);
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, acknowledged };
}

async function ceilingRound(db: Db, deviceIds: number[], o: LogIngestOptions, round: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    deviceIds.map(async (id, i) => {
      const lines = linesFor(i, round, o.lines);
      for (let at = 0; at < lines.length; at += 1000) {
        const batch = lines.slice(at, at + 1000);
        await db
          .insertInto('device_log')
          .values(batch.map((l) => ({ device: id, timestamp: new Date(l.timestamp), message: l.message, is_system: l.isSystem ?? false, is_stderr: l.isStdErr ?? false, service_id: l.serviceId ?? null })))
          .execute();
      }
    }),
  );
  return (performance.now() - t0) / 1000;
}

export async function runLogIngestBench(partial: Partial<LogIngestOptions> = {}): Promise<LogIngestResult> {
  const o = { ...LOG_INGEST_DEFAULTS, ...partial };
  const { database, drop } = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  try {
    // Ingest capacity, not one device's allowance: the per-device line rate (log-line-rate.ts) is lifted.
    app = await buildApp({ db: database.db, config: defaultConfig({ jwtSecret: randomBytes(16).toString('hex'), logLinesPerSecond: 0 }) });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const fleet = await createFleetWithProvisioningKey(database.db);
    // Sizes past the free plan's ten devices would register frozen, and a frozen device's logs are refused: lib/paid-plan.ts.
    await putOnPaidPlan(database.db, fleet.organizationId);
    const register = async () => {
      const uuid = randomBytes(16).toString('hex');
      const key = generateApiKeySecret();
      const res = await fetch(`${url}/device/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fleet.provisioningKey}` },
        body: JSON.stringify({ uuid, device_type: 'raspberrypi4-64', api_key: key }),
      });
      if (res.status !== 201) throw new Error(`register → ${res.status}: ${await res.text()}`);
      return { uuid, key, id: ((await res.json()) as { id: number }).id };
    };
    const appDevices: Array<{ uuid: string; key: string; id: number }> = [];
    const ceilingDevices: Array<{ uuid: string; key: string; id: number }> = [];
    for (let i = 0; i < o.devices; i++) appDevices.push(await register());
    for (let i = 0; i < o.devices; i++) ceilingDevices.push(await register());
    console.log(`log-ingest: ${o.devices} devices × ${o.lines} lines per round, ${o.rounds} rounds, ${database.kind}`);

    // Warm-up: one small upload and one insert, so neither side pays for first-use costs.
    await appRound(url, appDevices.slice(0, 1), { ...o, lines: 100 }, -1);
    await ceilingRound(database.db, ceilingDevices.slice(0, 1).map((d) => d.id), { ...o, lines: 100 }, -1);

    const rounds: LogIngestRound[] = [];
    const ackedTotal = new Map<string, number>(appDevices.map((d) => [d.uuid, d === appDevices[0] ? 100 : 0]));
    for (let r = 0; r < o.rounds; r++) {
      const a = await appRound(url, appDevices, o, r);
      for (const [uuid, n] of a.acknowledged) ackedTotal.set(uuid, (ackedTotal.get(uuid) ?? 0) + n);
      const c = await ceilingRound(database.db, ceilingDevices.map((d) => d.id), o, r);
      const storedRows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM device_log WHERE device IN (${sql.join(appDevices.map((d) => d.id))})`.execute(database.db);
      const acknowledged = [...ackedTotal.values()].reduce((s, n) => s + n, 0);
      const stored = storedRows.rows[0]?.n ?? 0;
      const total = o.devices * o.lines;
      rounds.push({ appLinesPerSecond: Math.round(total / a.seconds), ceilingLinesPerSecond: Math.round(total / c), acknowledged, stored, lost: Math.max(0, acknowledged - stored) });
    }
    // Per device too: a surplus on one device must not hide a loss on another.
    let lost = 0;
    for (const d of appDevices) {
      const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM device_log WHERE device = ${d.id}`.execute(database.db);
      lost += Math.max(0, (ackedTotal.get(d.uuid) ?? 0) - (r.rows[0]?.n ?? 0));
    }
    const appRate = median(rounds.map((r) => r.appLinesPerSecond));
    const ceilingRate = median(rounds.map((r) => r.ceilingLinesPerSecond));
    return {
      name: 'log-ingest',
      options: o,
      environment: await environmentInfo(database.kind),
      rounds,
      appLinesPerSecond: appRate,
      ceilingLinesPerSecond: ceilingRate,
      ratio: Math.round((appRate / ceilingRate) * 100) / 100,
      lost,
    };
  } finally {
    await app?.close();
    await drop();
  }
}

export function printLogIngest(r: LogIngestResult): void {
  printTable(
    `log ingest — ${r.options.devices} devices × ${r.options.lines} lines per round, ${r.options.rounds} rounds, ${r.environment.database}`,
    ['path', 'lines/s (median)', 'per round', 'bar'],
    [
      ['app: POST /device/v2/<uuid>/log-stream (gzip NDJSON)', r.appLinesPerSecond, r.rounds.map((x) => x.appLinesPerSecond).join(' / '), r.appLinesPerSecond >= 5000 ? 'ok (≥ 5 000)' : 'MISS (≥ 5 000)'],
      ['ceiling: INSERT … VALUES, 1 000 rows a batch', r.ceilingLinesPerSecond, r.rounds.map((x) => x.ceilingLinesPerSecond).join(' / '), ''],
      ['ratio (app / ceiling)', `${r.ratio}×`, '', r.ratio >= 0.25 ? 'ok (≥ 0.25×)' : 'MISS (≥ 0.25×)'],
      ['acknowledged lines lost', r.lost, '', r.lost === 0 ? 'ok (0)' : 'MISS (0)'],
    ],
  );
}

if (isMain(import.meta.url)) {
  const result = await runLogIngestBench(readIntOptions(process.argv.slice(2), LOG_INGEST_DEFAULTS));
  writeResult('log-ingest', result);
  printLogIngest(result);
}
