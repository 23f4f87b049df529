import { sql } from 'kysely';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import type { Db } from '../apps/api/src/db/database.ts';
import { defaultConfig } from '../apps/api/src/lib/config.ts';
import { seedDevices, setUpPollingFleet, type PollingDevice } from './target-state.setup.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { runLoadInWorker, type LoadResult, type LoadTarget } from './lib/http-load.ts';
import { environmentInfo, printRows, writeResult, type BenchRow } from './lib/report.ts';
import { ratio } from './lib/stats.ts';

/**
 * W3 (issue 16): the supervisor's state report, `PATCH /device/v3/state`, from D devices at a
 * fixed rate (open loop, default 500 req/s: devices report whether or not the server keeps up,
 * and each request is timed from when it was due). Targets: p95 < 50 ms, and the metrics
 * columns (memory, storage, CPU) written at most once per device per 60 s.
 *
 * Metric writes are counted by the database itself: the bench adds, in its scratch database
 * only, a row trigger `AFTER UPDATE OF <metric columns>, metrics_reported_at ON device` that
 * records the device in `bench_metric_write` when a metric value or metrics_reported_at
 * actually changed. `UPDATE OF` alone fires whenever the statement names one of those columns,
 * even to set it to what it was (as the API's UPDATE does inside the window, to keep the
 * stored readings while writing a status): that is no metrics write, so the trigger's WHEN
 * leaves it out. Each report carries new readings (as a device's metrics drift: consecutive
 * reports of one device differ in each), the same totals, status and IP address.
 *
 * CEILING: a bare Fastify route on another port that parses the same JSON body and answers 200,
 * under the identical open-loop load: what remains is Fastify, JSON and the socket.
 *
 *   npx tsx bench/state-report.bench.ts [--devices 1000] [--rate 500] [--seconds 5] [--warmupSeconds 1]
 */
export const STATE_REPORT_DEFAULTS = { devices: 1000, rate: 500, seconds: 5, concurrency: 64, warmupSeconds: 1 };
export type StateReportOptions = typeof STATE_REPORT_DEFAULTS;

export const REPORT_P95_TARGET_MS = 50;
/** "at most once per device per 60 s" */
export const METRICS_WINDOW_S = 60;
/** Every metric the bench sends (the API throttles the volatile ones, @flotilla/core/device-metrics; the totals stay put here). */
const METRIC_COLUMNS = ['memory_usage', 'memory_total', 'storage_usage', 'storage_total', 'cpu_temp', 'cpu_usage'] as const;
/** Body variants per device: consecutive reports of one device carry different values. */
const VARIANTS = 4;

export interface StateReportResult {
  name: 'state-report';
  options: StateReportOptions;
  setup: { devices: number; setupMs: number };
  environment: Record<string, unknown>;
  app: LoadResult;
  ceiling: LoadResult;
  /** app p95 ÷ ceiling p95. */
  ratioP95: number;
  reportsPerDevice: number;
  /** Most metric writes of one device during the run, and the budget for the run's length. */
  maxMetricWritesPerDevice: number;
  allowedMetricWrites: number;
}

async function countMetricWrites(db: Db): Promise<void> {
  await sql`CREATE TABLE bench_metric_write (device integer NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`.execute(db);
  await sql`CREATE FUNCTION bench_record_metric_write() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN INSERT INTO bench_metric_write (device) VALUES (NEW.id); RETURN NULL; END $$`.execute(db);
  const row = (r: 'OLD' | 'NEW') => `(${[...METRIC_COLUMNS, 'metrics_reported_at'].map((c) => `${r}.${c}`).join(', ')})`;
  await sql
    .raw(
      `CREATE TRIGGER bench_metric_write AFTER UPDATE OF ${METRIC_COLUMNS.join(', ')}, metrics_reported_at ON device FOR EACH ROW
       WHEN (${row('OLD')} IS DISTINCT FROM ${row('NEW')}) EXECUTE FUNCTION bench_record_metric_write()`,
    )
    .execute(db);
}

/** One PATCH per device and variant, each with new metric values (also the cluster bench's W3 load). */
export function reportTargets(devices: PollingDevice[]): LoadTarget[] {
  const targets: LoadTarget[] = [];
  // Variant-major order: a device's next report comes a whole round of devices later.
  for (let v = 0; v < VARIANTS; v++) {
    for (const [i, d] of devices.entries()) {
      const report = {
        status: 'Idle',
        ip_address: `10.1.${i % 250}.${(i / 250) | 0}`,
        memory_usage: 200 + v,
        memory_total: 1024,
        storage_usage: 3000 + v,
        storage_total: 30000,
        cpu_temp: 40 + v,
        cpu_usage: 10 + v,
      };
      targets.push({
        path: '/device/v3/state',
        method: 'PATCH',
        headers: { authorization: `Bearer ${d.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ [d.uuid]: report }),
      });
    }
  }
  return targets;
}

async function startCeiling(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.patch('/device/v3/state', async (request) => {
    if (typeof request.body !== 'object' || request.body === null) throw new Error('no body');
    return 'OK';
  });
  return { url: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
}

export async function runStateReportBench(partial: Partial<StateReportOptions> = {}): Promise<StateReportResult> {
  const o = { ...STATE_REPORT_DEFAULTS, ...partial };
  const { database, drop } = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  let ceiling: Awaited<ReturnType<typeof startCeiling>> | undefined;
  try {
    app = await buildApp({ db: database.db, config: defaultConfig() });
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`state-report: ${o.devices} devices at ${o.rate} reports/s for ${o.seconds} s on ${database.kind}…`);
    const started = Date.now();
    const fleet = await setUpPollingFleet(appUrl, 1, 1);
    fleet.devices.push(...(await seedDevices(database.db, fleet.fleetId, o.devices - 1)));
    await countMetricWrites(database.db);
    const setupMs = Date.now() - started;
    ceiling = await startCeiling();
    const targets = reportTargets(fleet.devices);
    const load = (baseUrl: string, seconds: number) =>
      runLoadInWorker({ baseUrl, targets, concurrency: o.concurrency, durationMs: seconds * 1000, expectStatus: 200, ratePerSecond: o.rate });
    // A first second on each side, not kept: connections, JIT and the planner's caches warm alike.
    if (o.warmupSeconds > 0) {
      await load(appUrl, o.warmupSeconds);
      await load(ceiling.url, o.warmupSeconds);
      await sql`TRUNCATE bench_metric_write`.execute(database.db);
    }
    const appRun = await load(appUrl, o.seconds);
    const ceilingRun = await load(ceiling.url, o.seconds);
    const most = await sql<{ n: number }>`SELECT coalesce(max(n), 0)::int AS n FROM (SELECT count(*) AS n FROM bench_metric_write GROUP BY device) c`.execute(database.db);
    return {
      name: 'state-report',
      options: o,
      setup: { devices: fleet.devices.length, setupMs },
      environment: await environmentInfo(database.kind),
      app: appRun,
      ceiling: ceilingRun,
      ratioP95: ratio(appRun.latency.p95Ms, ceilingRun.latency.p95Ms),
      reportsPerDevice: Math.round((appRun.requests / fleet.devices.length) * 10) / 10,
      maxMetricWritesPerDevice: most.rows[0]?.n ?? 0,
      allowedMetricWrites: Math.ceil(o.seconds / METRICS_WINDOW_S),
    };
  } finally {
    await ceiling?.close();
    await app?.close();
    await drop();
  }
}

const unexpected = (l: LoadResult) => Object.values(l.unexpected).reduce((a, b) => a + b, 0);

export function stateReportRows(r: StateReportResult): BenchRow[] {
  const base = { size: `${r.setup.devices} devices`, sizeUnit: 'devices', growth: { none: 'single run' } } as const;
  return [
    {
      ...base,
      workload: 'W3',
      name: `state report PATCH at ${r.options.rate}/s, p95`,
      figure: r.app.latency.p95Ms,
      unit: 'ms',
      ceiling: r.ceiling.latency.p95Ms,
      ceilingNote: 'bare Fastify PATCH route parsing the same body',
      ratio: r.ratioP95,
      target: { on: 'figure', op: '<', value: REPORT_P95_TARGET_MS, text: `p95 < ${REPORT_P95_TARGET_MS} ms` },
      notes: [`served ${r.app.perSecond}/s`, `p50 ${r.app.latency.medianMs.toFixed(1)} ms`, `unexpected ${unexpected(r.app)}/${unexpected(r.ceiling)}`],
    },
    {
      ...base,
      workload: 'W3',
      name: `metric writes per device in ${r.options.seconds} s`,
      figure: r.maxMetricWritesPerDevice,
      unit: 'writes',
      ceiling: null,
      ceilingNote: `a count: ≤ 1 per device per ${METRICS_WINDOW_S} s`,
      ratio: null,
      target: { on: 'figure', op: '<=', value: r.allowedMetricWrites, text: `≤ ${r.allowedMetricWrites}` },
      notes: [`${r.reportsPerDevice} reports per device`],
    },
  ];
}

if (isMain(import.meta.url)) {
  const result = await runStateReportBench(readIntOptions(process.argv.slice(2), STATE_REPORT_DEFAULTS));
  printRows('State reports (W3)', stateReportRows(result));
  console.log(`\nwrote ${writeResult('state-report', result)}`);
}
