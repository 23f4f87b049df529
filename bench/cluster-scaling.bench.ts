import { loadavg } from 'node:os';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { startCluster, type ClusterProcess } from '../apps/api/src/scale-out/cluster-process.ts';
import { freePort } from '../apps/api/src/test/registry-harness.ts';
import { appRound } from './log-ingest.bench.ts';
import { reportTargets } from './state-report.bench.ts';
import { pollAll, seedDevices, setUpPollingFleet, type PollingDevice } from './target-state.setup.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { scratchPostgres } from './lib/database.ts';
import { runLoadInWorker, type LoadResult, type LoadSpec } from './lib/http-load.ts';
import { environmentInfo, formatNumber, printRows, printTable, writeResult, type BenchRow } from './lib/report.ts';

/**
 * Issue 16 item 3, docs/scaling.md "Measured effect of 1 → 2 processes": the product as an
 * operator starts it, `node scripts/start-cluster.mjs` (`npm run start:cluster`), with
 * API_PROCESSES=1 and then 2 on one free port, against one scratch PostgreSQL database and Redis,
 * under the same load from this process:
 *
 * - W1: devices poll `GET /device/v3/<uuid>/state` with their current ETag (304), closed loop,
 *   `--concurrency` in flight, for `--seconds`: req/s;
 * - W3: state reports `PATCH /device/v3/state` at `--rate` per second, open loop (each timed
 *   from when it was due, state-report.bench.ts's load): p95; then the same reports closed loop
 *   at `--concurrency` in flight: the most req/s the cluster serves;
 * - W5: `--logDevices` devices upload `--lines` lines each at once through the agent's uploader
 *   (log-ingest.bench.ts's load): lines/s.
 *
 * The database is seeded once, through the first cluster: the fleet, its `--services`-service
 * target release and one device through the API (target-state.setup.ts), the other devices by
 * SQL with a key each. Each cluster start polls every device once (its tag, and its first
 * heartbeat), and each workload gets `--warmupSeconds` of the same load first (every worker's
 * JIT and pool). Workers log at `warn` (the in-process benches' app logs nothing), on the same
 * Node.js as this process (FLOTILLA_NODE=system), without the dashboard (WEB_DIST pointing at
 * an empty folder). `--reps` repeats 1, 2 in turn; each figure is the median of its reps.
 *
 * Rows: figure = 2 processes, "ceiling" = 1 process, ratio = 2 ÷ 1. No target: on a 2-core
 * machine the load generator, PostgreSQL, Redis and the API processes share the CPUs.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx bench/cluster-scaling.bench.ts [--smoke] [--devices 1000] [--seconds 5] [--rate 500] [--reps 1] …
 */
export const CLUSTER_SCALING_DEFAULTS = {
  devices: 1000,
  services: 5,
  concurrency: 32,
  /** Each timed run of W1 and W3. */
  seconds: 5,
  warmupSeconds: 1,
  rate: 500,
  logDevices: 10,
  lines: 3000,
  chunk: 50,
  reps: 1,
};
export type ClusterScalingOptions = typeof CLUSTER_SCALING_DEFAULTS;
/** `--smoke`: proves the path runs (two cluster starts dominate). */
export const CLUSTER_SCALING_SMOKE: ClusterScalingOptions = { ...CLUSTER_SCALING_DEFAULTS, devices: 10, seconds: 1, warmupSeconds: 0, rate: 50, logDevices: 2, lines: 200 };

export const PROCESS_COUNTS = [1, 2] as const;
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;

export interface ProcessRun {
  processes: number;
  startMs: number;
  stopCode: number | null;
  loadAverage: string;
  poll: LoadResult;
  report: LoadResult;
  reportClosed: LoadResult;
  logLinesPerSecond: number;
}

/** Each measure of one process count, the median over its reps. */
export interface ProcessFigures {
  pollPerSecond: number;
  reportP95Ms: number;
  reportPerSecond: number;
  reportClosedPerSecond: number;
  logLinesPerSecond: number;
  unexpected: number;
}

export interface ClusterScalingResult {
  name: 'cluster-scaling';
  options: ClusterScalingOptions;
  environment: Record<string, unknown>;
  setup: { devices: number; setupMs: number; bodyBytes: number };
  runs: ProcessRun[];
  figures: Record<(typeof PROCESS_COUNTS)[number], ProcessFigures>;
}

/** Started once every worker listens (the primary says so per worker) and /ping answers. */
async function waitForCluster(cluster: ClusterProcess, processes: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (cluster.child.exitCode !== null) throw new Error(`the cluster exited with ${cluster.child.exitCode}:\n${cluster.output()}`);
    const listening = cluster.output().match(/Flotilla API process \d+ listening on port/g)?.length ?? 0;
    if (listening >= processes) {
      const ping = await fetch(`${cluster.url}/ping`).then((r) => r.text(), () => '');
      if (ping === 'OK') return;
    }
    if (Date.now() > deadline) throw new Error(`the cluster did not start in ${START_TIMEOUT_MS / 1000} s:\n${cluster.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, as an operator stops it; SIGKILL if it has not exited in time. Its exit code. */
async function stopCluster(cluster: ClusterProcess): Promise<number | null> {
  if (cluster.child.exitCode !== null) return cluster.exited;
  cluster.child.kill('SIGTERM');
  const code = await Promise.race([cluster.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), STOP_TIMEOUT_MS).unref())]);
  if (code !== 'timeout') return code;
  cluster.child.kill('SIGKILL');
  return cluster.exited;
}

/** The middle value; with an even count the mean of the two middle ones (2 reps: their mean). */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round(((s[m - 1]! + s[m]!) / 2) * 10) / 10;
}
const unexpectedOf = (l: LoadResult) => Object.values(l.unexpected).reduce((a, b) => a + b, 0);

function figuresOf(runs: ProcessRun[]): ProcessFigures {
  return {
    pollPerSecond: median(runs.map((r) => r.poll.perSecond)),
    reportP95Ms: median(runs.map((r) => r.report.latency.p95Ms)),
    reportPerSecond: median(runs.map((r) => r.report.perSecond)),
    reportClosedPerSecond: median(runs.map((r) => r.reportClosed.perSecond)),
    logLinesPerSecond: median(runs.map((r) => r.logLinesPerSecond)),
    unexpected: runs.reduce((n, r) => n + unexpectedOf(r.poll) + unexpectedOf(r.report) + unexpectedOf(r.reportClosed), 0),
  };
}

export async function runClusterScalingBench(partial: Partial<ClusterScalingOptions> = {}): Promise<ClusterScalingResult> {
  const o = { ...CLUSTER_SCALING_DEFAULTS, ...partial };
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) throw new Error('cluster-scaling needs DATABASE_URL (PostgreSQL) and REDIS_URL: the cluster’s processes share both');
  if (o.logDevices > o.devices) throw new Error('--logDevices must be at most --devices');
  const scratch = await scratchPostgres(databaseUrl);
  const database = await openDatabase({ databaseUrl: scratch.url });
  const port = String(await freePort());
  // Seeded once, through the first cluster started.
  let devices: PollingDevice[] | undefined;
  const setup = { devices: 0, setupMs: 0, bodyBytes: 0 };
  const runs: ProcessRun[] = [];
  try {
    for (let rep = 0; rep < o.reps; rep++) {
      for (const processes of PROCESS_COUNTS) {
        const t0 = performance.now();
        const cluster = startCluster({ PORT: port, DATABASE_URL: scratch.url, REDIS_URL: redisUrl, API_PROCESSES: String(processes), LOG_LEVEL: 'warn' });
        let run: Omit<ProcessRun, 'stopCode'> | undefined;
        try {
          await waitForCluster(cluster, processes);
          const startMs = Math.round(performance.now() - t0);
          const url = cluster.url;
          if (!devices) {
            const seeded = Date.now();
            const fleet = await setUpPollingFleet(url, 1, o.services);
            devices = [...fleet.devices, ...(await seedDevices(database.db, fleet.fleetId, o.devices - 1))];
            Object.assign(setup, { devices: devices.length, setupMs: Date.now() - seeded });
          }
          console.log(`cluster-scaling: ${processes} process${processes > 1 ? 'es' : ''} started in ${(startMs / 1000).toFixed(1)} s; ${devices.length} devices (load average ${loadavg()[0]!.toFixed(1)})`);
          const polled = await pollAll(url, devices);
          setup.bodyBytes = polled.sample.length;
          const measure = async (spec: Omit<LoadSpec, 'baseUrl' | 'durationMs' | 'concurrency'>) => {
            const base = { ...spec, baseUrl: url, concurrency: o.concurrency };
            if (o.warmupSeconds > 0) await runLoadInWorker({ ...base, durationMs: o.warmupSeconds * 1000 });
            return runLoadInWorker({ ...base, durationMs: o.seconds * 1000 });
          };
          const pollTargets = devices.map((d) => ({ path: `/device/v3/${d.uuid}/state`, headers: { authorization: `Bearer ${d.apiKey}`, 'if-none-match': polled.etags.get(d.uuid)! } }));
          const poll = await measure({ targets: pollTargets, expectStatus: 304 });
          const reports = reportTargets(devices);
          const report = await measure({ targets: reports, expectStatus: 200, ratePerSecond: o.rate });
          const reportClosed = await measure({ targets: reports, expectStatus: 200 });
          const logDevices = devices.slice(0, o.logDevices).map((d) => ({ uuid: d.uuid, key: d.apiKey }));
          if (o.warmupSeconds > 0) await appRound(url, logDevices, { lines: 100, chunk: o.chunk }, -1);
          const logs = await appRound(url, logDevices, o, runs.length);
          const logLinesPerSecond = Math.round((logDevices.length * o.lines) / logs.seconds);
          run = { processes, startMs, loadAverage: loadavg().map((l) => l.toFixed(1)).join(' '), poll, report, reportClosed, logLinesPerSecond };
        } finally {
          const stopCode = await stopCluster(cluster);
          if (run) runs.push({ ...run, stopCode });
        }
      }
    }
    const byCount = (n: number) => figuresOf(runs.filter((r) => r.processes === n));
    return {
      name: 'cluster-scaling',
      options: o,
      environment: await environmentInfo('postgres'),
      setup,
      runs,
      figures: { 1: byCount(1), 2: byCount(2) },
    };
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** The table's rows: what each line of docs/scaling.md's table measures. */
function lines(r: ClusterScalingResult) {
  const o = r.options;
  return [
    { workload: 'W1', name: 'unchanged target-state poll (304)', unit: 'req/s', digits: 0, of: (f: ProcessFigures) => f.pollPerSecond, detail: `closed loop, ${o.concurrency} in flight, ${o.services}-service release` },
    { workload: 'W3', name: `state report PATCH, p95 at ${o.rate} req/s`, unit: 'ms', digits: 1, of: (f: ProcessFigures) => f.reportP95Ms, detail: `open loop; served ${r.figures[1].reportPerSecond}/s and ${r.figures[2].reportPerSecond}/s; lower is better` },
    { workload: 'W3', name: 'state report PATCH, most served', unit: 'req/s', digits: 0, of: (f: ProcessFigures) => f.reportClosedPerSecond, detail: `closed loop, ${o.concurrency} in flight` },
    { workload: 'W5', name: 'log ingest', unit: 'lines/s', digits: 0, of: (f: ProcessFigures) => f.logLinesPerSecond, detail: `${o.logDevices} devices × ${o.lines.toLocaleString('en-US')} lines at once` },
  ];
}

const ratioOf = (two: number, one: number) => (one > 0 ? Math.round((two / one) * 100) / 100 : null);
const SHARED_CPUS = 'with 2 cores the load generator, PostgreSQL and the API processes share the CPUs';

export function clusterScalingRows(r: ClusterScalingResult): BenchRow[] {
  return lines(r).map((l) => ({
    workload: l.workload,
    name: `1 → 2 processes (start:cluster): ${l.name}`,
    figure: l.of(r.figures[2]),
    unit: l.unit,
    ceiling: l.of(r.figures[1]),
    ceilingNote: 'the same with 1 process',
    ratio: ratioOf(l.of(r.figures[2]), l.of(r.figures[1])),
    target: null,
    size: `${r.setup.devices.toLocaleString('en-US')} devices`,
    sizeUnit: 'devices',
    growth: { none: 'one size: two cluster starts per run' },
    notes: [l.detail, `unexpected ${r.figures[1].unexpected}/${r.figures[2].unexpected}`, SHARED_CPUS],
  }));
}

/** The table of docs/scaling.md "Measured effect of 1 → 2 processes", ready to paste; with several reps each cell gives their range. */
export function clusterScalingMarkdown(r: ClusterScalingResult): string {
  const rows = lines(r).map((l) => {
    const cell = (n: 1 | 2) => {
      const each = r.runs.filter((x) => x.processes === n).map((x) => l.of(figuresOf([x])));
      const range = each.length > 1 ? ` (${formatNumber(Math.min(...each), l.digits)}–${formatNumber(Math.max(...each), l.digits)})` : '';
      return `${formatNumber(l.of(r.figures[n]), l.digits)}${range}`;
    };
    const ratio = ratioOf(l.of(r.figures[2]), l.of(r.figures[1]));
    return `| ${l.workload} ${l.name}, ${l.unit} | ${cell(1)} | ${cell(2)} | ${ratio === null ? '—' : `${ratio}×`} | ${l.detail} |`;
  });
  return ['| Workload | 1 process | 2 processes | Ratio | Notes |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

export function printClusterScaling(r: ClusterScalingResult): void {
  printTable(
    `start:cluster runs — ${r.setup.devices} devices, ${r.options.seconds} s per timed run, ${r.options.reps} rep(s)`,
    ['processes', 'start s', 'W1 304 req/s', 'W3 p95 ms', 'W3 served/s', 'W3 closed req/s', 'W5 lines/s', 'unexpected', 'exit', 'load avg'],
    r.runs.map((x) => [
      String(x.processes),
      x.startMs / 1000,
      x.poll.perSecond,
      x.report.latency.p95Ms,
      x.report.perSecond,
      x.reportClosed.perSecond,
      x.logLinesPerSecond,
      String(unexpectedOf(x.poll) + unexpectedOf(x.report) + unexpectedOf(x.reportClosed)),
      String(x.stopCode),
      x.loadAverage,
    ]),
  );
  printRows('1 → 2 API processes (figure = 2 processes, ceiling = 1 process, ratio = 2 ÷ 1)', clusterScalingRows(r));
  console.log(`\nFor docs/scaling.md (${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0]!.toFixed(1)}):\n\n${clusterScalingMarkdown(r)}`);
}

if (isMain(import.meta.url)) {
  const argv = process.argv.slice(2);
  const smoke = argv.includes('--smoke');
  const options = readIntOptions(argv.filter((a) => a !== '--smoke'), smoke ? CLUSTER_SCALING_SMOKE : CLUSTER_SCALING_DEFAULTS);
  const result = await runClusterScalingBench(options);
  printClusterScaling(result);
  console.log(`\nwrote ${writeResult('cluster-scaling', result)}`);
}
