import { bundleSizeRows, runBundleSizeBench } from './bundle-size.bench.ts';
import { runChangedStateBench, changedStateRows } from './changed-state.bench.ts';
import { CLUSTER_SCALING_DEFAULTS, CLUSTER_SCALING_SMOKE, clusterScalingRows, runClusterScalingBench } from './cluster-scaling.bench.ts';
import { DEVICE_LINKS_FAILOVER_DEFAULTS, FAILOVER_TARGET_MS, runDeviceLinksFailoverBench, type DeviceLinksFailoverResult } from './device-links-failover.bench.ts';
import { DEVICE_LINKS_IDLE_DEFAULTS, PER_LINK_TARGET_BYTES, runDeviceLinksIdleBench, type DeviceLinksIdleResult } from './device-links-idle.bench.ts';
import { runDeviceListBench, type DeviceListResult } from './device-list.bench.ts';
import { DEVICE_LIST_SCROLL_DEFAULTS, deviceListScrollRows, deviceListScrollUnavailable, runDeviceListScrollBench } from './device-list-scroll.bench.ts';
import { runLiveFanoutBench, type LiveFanoutResult } from './live-fanout.bench.ts';
import { runLogIngestBench, type LogIngestResult } from './log-ingest.bench.ts';
import { permissionReadsRows, runPermissionReadsBench } from './permission-reads.bench.ts';
import { runStateReportBench, stateReportRows } from './state-report.bench.ts';
import { runSupervisorBatchBench, type SupervisorBatchResult } from './supervisor-batch.bench.ts';
import { runSupervisorLinkBench, type SupervisorLinkResult } from './supervisor-link.bench.ts';
import { runTargetStateBench, type TargetStateResult } from './target-state.bench.ts';
import { runVariableChangeBench, type VariableChangeResult } from './variable-change.bench.ts';
import { runWritesBench, TARGET_RATIO as WRITES_TARGET_RATIO, type WritesResult } from './writes.bench.ts';
import type { BenchRow, Target } from './lib/report.ts';
import type { LoadResult } from './lib/http-load.ts';

/**
 * Every workload of `npm run bench` (bench/run.ts): the sizes it runs at in each profile, how
 * to run it at one size, and how its result becomes common rows (lib/report.ts `BenchRow`).
 *
 * Growth: a workload with three sizes (1×, 10×, 100×) runs at each; every row records its
 * per-operation cost (latency, µs per line, KB per link…) at each size, and the figure is the
 * one at the largest size. A row's adapter gives one growth point, at the size it ran; the
 * runner joins them by row name (so names never contain the size). A workload with one size
 * says why it has no growth (`single`).
 */
export type Profile = 'smoke' | 'small' | 'full';

export interface Workload {
  key: string;
  /** The W numbers its rows carry (for `--only W3`, known before it runs). */
  numbers: string[];
  sizeUnit: string;
  /** Three sizes (1×, 10×, 100×), or one size and why there is no growth. */
  sizes: Record<Profile, number[]>;
  single?: string;
  /** Why it cannot run here (a service it needs), or null. */
  unavailable?: () => string | null;
  run(size: number, profile: Profile): Promise<unknown>;
  rows(result: never, size: number): BenchRow[];
}

/** Profile-dependent option: smoke proves the code runs, small fits a few minutes, full is the issue's. */
const pick = <T>(p: Profile, smoke: T, small: T, full: T): T => (p === 'smoke' ? smoke : p === 'small' ? small : full);
/**
 * In the small profile, the sizes below the largest only give a row its growth points (the
 * figure and its ratio are the largest size's), so they run shorter: `npm run bench` stays a
 * few minutes.
 */
const below = <T>(size: number, largest: number, shorter: T, full: T): T => (size < largest ? shorter : full);
const grow = (unit: string, size: number, value: number): BenchRow['growth'] => ({ unit, points: [{ size, value }] });
const ratioTarget = (op: Target['op'], value: number, of: string): Target => ({ on: 'ratio', op, value, text: `${op === '>=' ? '≥' : op === '<=' ? '≤' : '<'} ${value}× ${of}` });
const unexpected = (l: LoadResult) => Object.values(l.unexpected).reduce((a, b) => a + b, 0);
const round2 = (n: number) => Math.round(n * 100) / 100;
const count = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}`;

function deviceListRows(r: DeviceListResult, size: number): BenchRow[] {
  return r.cases.map((c) => ({
    workload: 'W4',
    // The middle page's $skip depends on the size: named by depth so the sizes join.
    name: `device list ${c.name.startsWith('page $skip=') && c.name !== 'page $skip=0' ? 'page $skip=N/2' : c.name}, p50`,
    figure: c.engine.medianMs,
    unit: 'ms',
    ceiling: c.ceiling.medianMs,
    ceilingNote: 'hand-written SQL, same JSON',
    ratio: c.ratioMedian,
    target: ratioTarget('<=', 1.5, 'SQL'),
    size: count(r.seed.devices, 'devices'),
    sizeUnit: 'devices',
    growth: grow('ms p50', size, c.engine.medianMs),
    notes: [`p95 ratio ${c.ratioP95}×`, `${String(r.environment.database)}`],
  }));
}

function targetStateRows(r: TargetStateResult, size: number): BenchRow[] {
  const of = (mode: TargetStateResult['modes'][number]['mode']) => r.modes.find((m) => m.mode === mode)!;
  const row = (workload: string, name: string, mode: TargetStateResult['modes'][number]['mode'], target: Target | null): BenchRow => {
    const m = of(mode);
    return {
      workload,
      name,
      figure: m.app.perSecond,
      unit: 'req/s',
      ceiling: m.ceiling.perSecond,
      ceilingNote: 'bare Fastify route, same body',
      ratio: round2(m.app.perSecond / Math.max(1, m.ceiling.perSecond)),
      target,
      size: count(r.setup.devices, 'devices'),
      sizeUnit: 'devices',
      growth: grow('ms p50', size, m.app.latency.medianMs),
      notes: [`${r.setup.services} services, registered through the API`, `unexpected ${unexpected(m.app)}/${unexpected(m.ceiling)}`],
    };
  };
  return [
    row('W1', 'target state unchanged (304)', 'If-None-Match unchanged (304)', ratioTarget('>=', 0.2, 'ceiling')),
    row('W1', 'target state full body (200), reference', 'full body (200)', null),
    row('W2', 'target state changed by a new release (200)', 'If-None-Match changed (200)', ratioTarget('>=', 0.25, 'ceiling')),
  ];
}

function writesRows(r: WritesResult, size: number): BenchRow[] {
  return r.cases.map((c) => ({
    workload: 'writes',
    name: `${c.name}, p50`,
    figure: c.checked.medianMs,
    unit: 'ms',
    ceiling: c.old?.medianMs ?? null,
    ceilingNote: c.old ? 'the write path before the two-sided checks' : 'a reference: not an OData write, nothing to compare',
    ratio: c.ratioMedian ?? null,
    target: c.ratioMedian === undefined ? null : ratioTarget('<=', WRITES_TARGET_RATIO, 'old path'),
    size: count(r.setup.background, 'background devices'),
    sizeUnit: 'background devices',
    growth: grow('ms p50', size, c.checked.medianMs),
    notes: c.ratioP95 === undefined ? [] : [`p95 ratio ${c.ratioP95}×`],
  }));
}

function supervisorLinkRows(r: SupervisorLinkResult): BenchRow[] {
  return [
    {
      workload: 'W11',
      name: '/supervisor call through the device link, sequential, p50',
      figure: r.link.medianMs,
      unit: 'ms',
      ceiling: r.ceiling.medianMs,
      ceilingNote: 'bare WebSocket echo',
      ratio: r.ratioP50,
      // W11's bar at concurrency 1: n calls ≤ 2 × n echoes.
      target: ratioTarget('<=', 2, 'echo (concurrency 1)'),
      size: count(r.options.iterations, 'calls'),
      sizeUnit: 'calls',
      growth: { none: 'one device, sequential calls: no fleet-sized input' },
      notes: [`hub ${r.hub}`, `p95 ratio ${r.ratioP95}×`, 'the 1 000-device batch: the supervisor-batch rows'],
    },
  ];
}

function supervisorBatchRows(r: SupervisorBatchResult, size: number): BenchRow[] {
  const c = r.options.concurrency;
  return r.cases.flatMap((k) => {
    const answers = k.answerMs ? `devices answer in ${k.answerMs} ms` : 'devices answer at once';
    const row = (name: string, ms: number, ratio: number, notes: string[]): BenchRow => ({
      workload: 'W11',
      name: `batch: ${name}, ${answers}`,
      figure: ms,
      unit: 'ms',
      ceiling: k.ceilingMs,
      ceilingNote: `${r.options.devices} sequential link echoes ÷ ${c}`,
      ratio,
      target: ratioTarget('<=', 2, `echoes ÷ ${c}`),
      size: count(r.options.devices, 'devices'),
      sizeUnit: 'devices',
      growth: grow('ms/device', size, round2(ms / r.options.devices)),
      notes: [`hub ${r.hub}`, ...notes],
    });
    return [
      row(`dashboard, one /supervisor call per device, ${c} at a time`, k.bestDashboardMs, k.ratioDashboard, [`${r.statementsPerCall} statements per call`]),
      row(`fleet-wide /supervisor {appId}, API forwards ${c} at a time`, k.bestFleetWideMs, k.ratioFleetWide, k.answerMs ? [] : [`bare ws echoes ${Math.min(...r.bareEchoMs).toFixed(1)} ms`]),
    ];
  });
}

function logIngestRows(r: LogIngestResult, size: number): BenchRow[] {
  const base = {
    workload: 'W5',
    size: `${r.options.devices} devices × ${count(r.options.lines, 'lines')}`,
    sizeUnit: 'lines per device',
  };
  const usPerLine = 1e6 / Math.max(1, r.appLinesPerSecond);
  return [
    {
      ...base,
      name: 'log ingest, app ÷ ceiling',
      figure: r.appLinesPerSecond,
      unit: 'lines/s',
      ceiling: r.ceilingLinesPerSecond,
      ceilingNote: 'the same rows by plain multi-row INSERT',
      ratio: r.ratio,
      target: ratioTarget('>=', 0.25, 'ceiling'),
      growth: grow('µs/line', size, round2(usPerLine)),
      notes: [],
    },
    {
      ...base,
      name: 'log ingest rate',
      figure: r.appLinesPerSecond,
      unit: 'lines/s',
      ceiling: null,
      ceilingNote: 'absolute bar (ratio in the row above)',
      ratio: null,
      target: { on: 'figure', op: '>=', value: 5000, text: '≥ 5 000 lines/s' },
      growth: grow('µs/line', size, round2(usPerLine)),
      notes: [],
    },
    {
      ...base,
      name: 'acknowledged log lines lost',
      figure: r.lost,
      unit: 'lines',
      ceiling: null,
      ceilingNote: 'a count',
      ratio: null,
      target: { on: 'figure', op: '<=', value: 0, text: '0' },
      growth: grow('lines lost', size, r.lost),
      notes: [],
    },
  ];
}

function liveFanoutRows(r: LiveFanoutResult, size: number): BenchRow[] {
  const base = { workload: 'W6', size: `${r.options.devices} devices × ${r.options.reports} reports`, sizeUnit: 'devices' };
  return [
    {
      ...base,
      name: 'state report → SSE event on the other process, p95',
      figure: r.fanout.p95Ms,
      unit: 'ms',
      ceiling: r.ceiling.p95Ms,
      ceilingNote: `bare ${r.bus === 'redis' ? 'Redis PUBLISH → SUBSCRIBE' : 'in-memory publish'} round trip`,
      ratio: r.ratioP95,
      target: { on: 'figure', op: '<=', value: 1000, text: 'p95 ≤ 1 000 ms' },
      growth: grow('ms p95', size, r.fanout.p95Ms),
      notes: [`bus ${r.bus}`, `report PATCH alone p95 ${r.report.p95Ms.toFixed(1)} ms`],
    },
    {
      ...base,
      name: 'events missing, duplicated or out of order',
      figure: r.gaps + r.duplicates + r.outOfOrder,
      unit: 'events',
      ceiling: null,
      ceilingNote: 'a count',
      ratio: null,
      target: { on: 'figure', op: '<=', value: 0, text: '0' },
      growth: grow('events', size, r.gaps + r.duplicates + r.outOfOrder),
      notes: [`${r.delivered}/${r.expected} delivered`],
    },
  ];
}

function linksIdleRows(r: DeviceLinksIdleResult, size: number): BenchRow[] {
  const kb = (b: number) => round2(b / 1024);
  const base = { workload: 'W7', size: count(r.options.links, 'links'), sizeUnit: 'links', ceilingNote: 'bare ws server holding the sockets' };
  const target: Target = { on: 'figure', op: '<=', value: PER_LINK_TARGET_BYTES / 1024, text: `≤ ${PER_LINK_TARGET_BYTES / 1024} KB/link` };
  const heap = (p: { heapUsed: number; external: number }) => p.heapUsed + p.external;
  return [
    {
      ...base,
      name: 'idle link memory, heap + external',
      figure: kb(heap(r.app.perLink)),
      unit: 'KB/link',
      ceiling: kb(heap(r.bare.perLink)),
      ratio: Number.isFinite(r.ratioHeap) ? r.ratioHeap : null,
      target,
      growth: grow('KB/link', size, kb(heap(r.app.perLink))),
      notes: [`drops ${r.app.drops}`, `left after close ${kb(heap(r.app.leftPerLink))} KB/link`],
    },
    {
      ...base,
      name: 'idle link memory, RSS',
      figure: kb(r.app.perLink.rss),
      unit: 'KB/link',
      ceiling: kb(r.bare.perLink.rss),
      ratio: Number.isFinite(r.ratioRss) ? r.ratioRss : null,
      target,
      growth: grow('KB/link', size, kb(r.app.perLink.rss)),
      notes: ['RSS is only meaningful at 10 000 links (bench/README.md)'],
    },
  ];
}

function failoverRows(r: DeviceLinksFailoverResult, size: number): BenchRow[] {
  return [
    {
      workload: 'W8',
      name: 'devices relinked after SIGKILL of one process, p99',
      figure: round2(r.relink.p99Ms / 1000),
      unit: 's',
      ceiling: round2(r.ceiling.p99Ms / 1000),
      ceilingNote: 'the agent’s own back-off if every first try succeeded',
      ratio: r.ratioP99,
      target: { on: 'figure', op: '<=', value: FAILOVER_TARGET_MS / 1000, text: `p99 ≤ ${FAILOVER_TARGET_MS / 1000} s` },
      size: count(r.options.devices, 'devices'),
      sizeUnit: 'devices',
      growth: grow('s p99', size, round2(r.relink.p99Ms / 1000)),
      notes: [`${r.relinked}/${r.orphaned} relinked`, `max attempts ${r.attempts.max}`],
    },
  ];
}

function variableChangeRows(r: VariableChangeResult, size: number): BenchRow[] {
  const base = { size: count(r.setup.devices, 'devices'), sizeUnit: 'devices', ceilingNote: 'bare Fastify route, same body' };
  // The bench's own ratio is ceiling ÷ app; the targets read app ÷ ceiling.
  const rowOf = (i: number, workload: string, name: string, target: Target | null): BenchRow => {
    const m = r.rounds[i]!;
    return {
      ...base,
      workload,
      name,
      figure: m.app.perSecond,
      unit: 'req/s',
      ceiling: m.ceiling.perSecond,
      ratio: round2(m.app.perSecond / Math.max(1, m.ceiling.perSecond)),
      target,
      growth: grow('ms p50', size, m.app.latency.medianMs),
      notes: [`unexpected ${unexpected(m.app)}/${unexpected(m.ceiling)}`],
    };
  };
  return [
    rowOf(0, 'W1', 'variable-change: unchanged poll (304), seeded devices', ratioTarget('>=', 0.2, 'ceiling')),
    rowOf(2, 'W2', 'variable-change: poll after a fleet variable changed (200)', ratioTarget('>=', 0.25, 'ceiling')),
    {
      ...base,
      workload: 'variable-change',
      name: 'variable-change: changed ÷ full-answer ratio (no rebuild storm)',
      figure: r.changedOverFull,
      unit: '',
      ceiling: null,
      ceilingNote: 'a ratio of the changed row above and a full-answer round (see notes), each against its ceiling',
      ratio: null,
      target: { on: 'figure', op: '<=', value: 1.25, text: '≤ 1.25' },
      growth: grow('', size, r.changedOverFull),
      notes: [`full answer (200, a tag it never had) ${r.rounds[1]!.app.perSecond} req/s against ${r.rounds[1]!.ceiling.perSecond}`, `variable write ${r.setup.changeWriteMs} ms`],
    },
  ];
}

/** Workloads of several API processes: they share one PostgreSQL and one Redis. */
const needsPostgresAndRedis = (what: string) => () => (process.env.DATABASE_URL && process.env.REDIS_URL ? null : `needs DATABASE_URL and REDIS_URL (${what})`);

const withGrowth = (rows: BenchRow[], size: number, unit: string, value: (row: BenchRow) => number): BenchRow[] =>
  rows.map((row) => ({ ...row, growth: grow(unit, size, value(row)) }));

export const WORKLOADS: Workload[] = [
  {
    key: 'bundle-size',
    numbers: ['W10'],
    sizeUnit: 'chunks',
    sizes: { smoke: [1], small: [1], full: [1] },
    single: 'bytes of the build, not a fleet-sized input',
    run: () => runBundleSizeBench(),
    rows: bundleSizeRows,
  },
  {
    key: 'device-list',
    numbers: ['W4'],
    sizeUnit: 'devices',
    sizes: { smoke: [10, 100], small: [100, 1000, 10_000], full: [1000, 10_000, 100_000] },
    run: (devices, p) => runDeviceListBench({ devices, iterations: pick(p, 5, 20, 60), compileIterations: pick(p, 20, 100, 500) }),
    rows: deviceListRows,
  },
  {
    key: 'device-list-scroll',
    numbers: ['W12'],
    sizeUnit: 'rows',
    // Top to bottom in the same time at each size: the scroll is 10× faster at each step (≈ 660, 6 600, 66 000 px/s).
    sizes: { smoke: [100], small: [100, 1000, 10_000], full: [100, 1000, 10_000] },
    unavailable: deviceListScrollUnavailable,
    run: (devices, p) => runDeviceListScrollBench({ ...DEVICE_LIST_SCROLL_DEFAULTS, devices, seconds: pick(p, 2, 5, 5), rounds: pick(p, 1, below(devices, 10_000, 1, 2), 3) }),
    rows: deviceListScrollRows,
  },
  {
    key: 'target-state',
    numbers: ['W1', 'W2'],
    sizeUnit: 'devices',
    // Devices are registered through the API (one POST each): 100 000 would take the whole run; W1 at 100 000 seeded devices is variable-change's row.
    sizes: { smoke: [3], small: [10, 100, 1000], full: [200, 2000, 20_000] },
    run: (devices, p) => runTargetStateBench({ devices, seconds: pick(p, 1, below(devices, 1000, 1, 2), 10) }),
    rows: targetStateRows,
  },
  {
    key: 'changed-state',
    numbers: ['W1', 'W2'],
    sizeUnit: 'devices',
    sizes: { smoke: [3], small: [10, 100, 1000], full: [1000, 10_000, 100_000] },
    run: (devices, p) => runChangedStateBench({ devices, seconds: pick(p, 1, below(devices, 1000, 1, 2), 5) }),
    rows: (r: Parameters<typeof changedStateRows>[0], size: number) =>
      withGrowth(changedStateRows(r), size, 'ms p50', (row) => (row.unit === 'req/s' ? r.app.latency.medianMs : row.figure)),
  },
  {
    key: 'state-report',
    numbers: ['W3'],
    sizeUnit: 'devices',
    sizes: { smoke: [3], small: [10, 100, 1000], full: [1000, 10_000, 100_000] },
    run: (devices, p) => runStateReportBench({ devices, rate: pick(p, 20, 500, 500), seconds: pick(p, 1, 3, 10) }),
    rows: (r: Parameters<typeof stateReportRows>[0], size: number) => withGrowth(stateReportRows(r), size, '', (row) => row.figure),
  },
  {
    key: 'writes',
    numbers: [],
    sizeUnit: 'background devices',
    sizes: { smoke: [10], small: [200, 2000, 20_000], full: [1000, 10_000, 100_000] },
    run: (background, p) => runWritesBench({ background, iterations: pick(p, 5, 50, 300), warmup: pick(p, 2, 10, 30) }),
    rows: writesRows,
  },
  {
    key: 'permission-reads',
    numbers: ['W9'],
    sizeUnit: 'fleets',
    sizes: { smoke: [2, 20], small: [5, 50, 500], full: [5, 50, 500] },
    run: (fleets, p) => runPermissionReadsBench({ fleets, devicesPerFleet: pick(p, 2, 20, 200), iterations: pick(p, 3, 20, 40) }),
    rows: (r: Parameters<typeof permissionReadsRows>[0], size: number) => withGrowth(permissionReadsRows(r), size, 'ms p50', (row) => row.figure),
  },
  {
    key: 'supervisor-link',
    numbers: ['W11'],
    sizeUnit: 'calls',
    sizes: { smoke: [20], small: [200], full: [500] },
    single: 'one device, sequential calls',
    run: (iterations, p) => runSupervisorLinkBench({ iterations, warmup: pick(p, 5, 20, 50) }),
    rows: supervisorLinkRows,
  },
  {
    key: 'supervisor-batch',
    numbers: ['W11'],
    sizeUnit: 'devices',
    // A fleet-wide call reaches at most 1 000 devices (MAX_SUPERVISOR_TARGETS): the size is the largest.
    sizes: { smoke: [10, 50], small: [10, 100, 1000], full: [10, 100, 1000] },
    run: (devices, p) => runSupervisorBatchBench({ devices, rounds: pick(p, 1, below(devices, 1000, 1, 2), 3) }),
    rows: supervisorBatchRows,
  },
  {
    key: 'log-ingest',
    numbers: ['W5'],
    sizeUnit: 'lines per device',
    sizes: { smoke: [20, 200], small: [30, 300, 3000], full: [300, 3000, 30_000] },
    run: (lines, p) => runLogIngestBench({ lines, rounds: pick(p, 1, 3, 3) }),
    rows: logIngestRows,
  },
  {
    key: 'live-fanout',
    numbers: ['W6'],
    sizeUnit: 'devices',
    // The report rate stays 100/s at every size (gap = 10 ms × devices): what grows is the number of devices.
    sizes: { smoke: [1, 5], small: [1, 10, 100], full: [10, 100, 1000] },
    run: (devices, p) => runLiveFanoutBench({ devices, gapMs: 10 * devices, reports: pick(p, 5, 20, 50) }),
    rows: liveFanoutRows,
  },
  {
    key: 'variable-change',
    numbers: ['W1', 'W2'],
    sizeUnit: 'devices',
    sizes: { smoke: [3], small: [10, 100, 1000], full: [1000, 10_000, 100_000] },
    run: (devices, p) => runVariableChangeBench({ devices, seconds: pick(p, 1, below(devices, 1000, 1, 2), 5), reps: pick(p, 1, 1, 3) }),
    rows: variableChangeRows,
  },
  {
    key: 'device-links-idle',
    numbers: ['W7'],
    sizeUnit: 'links',
    // Every size holds its links past the 20 s ping round: three sizes only in --full.
    sizes: { smoke: [20], small: [1000], full: [100, 1000, 10_000] },
    single: 'each size holds its links 22 s; three sizes in --full',
    run: (links, p) => runDeviceLinksIdleBench({ ...DEVICE_LINKS_IDLE_DEFAULTS, links, holdSeconds: pick(p, 22, 22, 25) }),
    rows: linksIdleRows,
  },
  {
    key: 'device-links-failover',
    numbers: ['W8'],
    sizeUnit: 'devices',
    sizes: { smoke: [20], small: [1000], full: [20, 200, 2000] },
    single: 'one kill takes ~30 s at any size; three sizes in --full',
    unavailable: needsPostgresAndRedis('two processes on one PostgreSQL and Redis'),
    run: (devices) => runDeviceLinksFailoverBench({ ...DEVICE_LINKS_FAILOVER_DEFAULTS, devices }),
    rows: failoverRows,
  },
  {
    key: 'cluster-scaling',
    numbers: ['W1', 'W3', 'W5'],
    sizeUnit: 'devices',
    sizes: { smoke: [10], small: [200], full: [2000] },
    single: 'starts the cluster twice (1 and 2 processes) per run',
    unavailable: needsPostgresAndRedis('npm run start:cluster on one PostgreSQL and Redis'),
    run: (devices, p) =>
      runClusterScalingBench(
        p === 'smoke' ? { ...CLUSTER_SCALING_SMOKE, devices } : { ...CLUSTER_SCALING_DEFAULTS, devices, seconds: pick(p, 1, 3, 5), lines: pick(p, 200, 1000, 3000), reps: pick(p, 1, 1, 3) },
      ),
    rows: clusterScalingRows,
  },
];
