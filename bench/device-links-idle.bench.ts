import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LINK_PING_MS } from '@flotilla/core/device-link';
import { isMain, readIntOptions } from './lib/args.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { ratio } from './lib/stats.ts';
import { ServerChild } from './device-links-child.ts';
import { scratchPostgres } from './lib/database.ts';
import { openLinks, stopLinks, waitForCount } from './device-links-devices.ts';
import { newLinkDevices } from './device-links-seed.ts';
import type { ServerMode } from './device-links-server.ts';

/**
 * Idle device links held by one API process (issue 14 quality bar: 10 000 links at ≤ 64 KB
 * each). The server runs in a child process (`--expose-gc`) and is measured there:
 * `process.memoryUsage()` after full collections, before the links (baseline, after a warm-up
 * round of links opened and closed), once all N are held, after holding them through a ping
 * round of the link (LINK_PING_MS), and after they all closed (what a link leaves behind).
 *
 * The devices are real agent LinkClients in this process (device-links-devices.ts) over
 * loopback; they are seeded straight into the server's database (device-links-seed.ts).
 *
 * CEILING, same run, same clients: a bare `ws` server (plain `http` + WebSocketServer, nothing
 * per socket but what ws keeps) holding the same N sockets. Reported per link: RSS, V8 heap
 * used, and external memory (Buffers, ArrayBuffers) over the baseline, and app / bare.
 *
 * Needs ~N+200 file descriptors in each process (`ulimit -n`, 20 000 here).
 *
 *   nice npx tsx bench/device-links-idle.bench.ts [--links 10000] [--holdSeconds 25] [--concurrency 100]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test nice npx tsx bench/device-links-idle.bench.ts
 *   REDIS_URL=redis://127.0.0.1:6379 …   # the app with its Redis link hub (a subscription per link)
 */
export const DEVICE_LINKS_IDLE_DEFAULTS = { links: 10_000, holdSeconds: 25, concurrency: 100, warmup: 200 };
export type DeviceLinksIdleOptions = typeof DEVICE_LINKS_IDLE_DEFAULTS;

/** The bar: at most this many bytes of server memory per idle link. */
export const PER_LINK_TARGET_BYTES = 64 * 1024;

const BASELINE_SETTLE_MS = 5000;
const BARE_HOLD_SECONDS = 3;

type Memory = NodeJS.MemoryUsage;
interface PerLink {
  rss: number;
  heapUsed: number;
  external: number;
}
interface ServerRun {
  mode: ServerMode;
  baseline: Memory;
  opened: Memory;
  held: Memory;
  closed: Memory;
  /** Bytes per link, held − baseline, divided by N. */
  perLink: PerLink;
  /** Bytes per link left after every link closed (closed − baseline): a leak shows here. */
  leftPerLink: PerLink;
  openSeconds: number;
  /** Links that closed while they should have been idle (0 expected). */
  drops: number;
  /** The server's log lines of level warn and above, by message. */
  warnings: Record<string, number>;
}

export interface DeviceLinksIdleResult {
  name: 'device-links-idle';
  options: DeviceLinksIdleOptions;
  hub: 'redis' | 'memory';
  environment: Record<string, unknown>;
  app: ServerRun;
  bare: ServerRun;
  ratioRss: number;
  ratioHeap: number;
  targetBytes: number;
  ok: boolean;
}

const perLink = (a: Memory, b: Memory, n: number): PerLink => ({
  rss: Math.round((b.rss - a.rss) / n),
  heapUsed: Math.round((b.heapUsed - a.heapUsed) / n),
  external: Math.round((b.external - a.external) / n),
});

async function measureServer(mode: ServerMode, o: DeviceLinksIdleOptions, env: Record<string, string | undefined>): Promise<ServerRun> {
  const server = await ServerChild.start(mode, env);
  const url = `http://127.0.0.1:${server.port}`;
  try {
    const devices = newLinkDevices(o.links + o.warmup);
    if (mode === 'app') await server.seed(devices);
    // Warm-up: the code paths of a link (routing, auth, the hub, the database pool) compiled and
    // allocated once, so the baseline is a server that has served links before.
    const warm = await openLinks(url, devices.slice(o.links), { concurrency: o.concurrency, silenceMs: 600_000 });
    await waitForCount(() => server.count(), o.warmup, 120_000, `${mode}: warm-up links held`);
    await stopLinks(warm);
    await waitForCount(() => server.count(), 0, 60_000, `${mode}: warm-up links released`);
    // Idle a moment first, as the held state will have: V8 and the allocator give pages back
    // some seconds after a burst, and a baseline taken before that reads high.
    await new Promise((r) => setTimeout(r, BASELINE_SETTLE_MS));
    const baseline = await server.memory();

    const started = Date.now();
    const linked = await openLinks(url, devices.slice(0, o.links), { concurrency: o.concurrency, silenceMs: 600_000 });
    await waitForCount(() => server.count(), o.links, 600_000, `${mode}: links held`);
    const openSeconds = (Date.now() - started) / 1000;
    const opened = await server.memory();
    // The hold is for the app's ping round (LINK_PING_MS); a bare ws server sends none, and
    // nothing in it changes while its sockets idle: a few seconds do.
    const holdSeconds = mode === 'bare' ? Math.min(o.holdSeconds, BARE_HOLD_SECONDS) : o.holdSeconds;
    console.log(`  ${mode}: ${o.links} links held after ${openSeconds.toFixed(1)} s; holding ${holdSeconds} s`);
    await new Promise((r) => setTimeout(r, holdSeconds * 1000));
    const held = await server.memory();
    const drops = linked.reduce((n, l) => n + l.closes.length, 0);
    await stopLinks(linked);
    await waitForCount(() => server.count(), 0, 120_000, `${mode}: links released`);
    const closed = await server.memory();
    return { mode, baseline, opened, held, closed, perLink: perLink(baseline, held, o.links), leftPerLink: perLink(baseline, closed, o.links), openSeconds, drops, warnings: Object.fromEntries(server.warnings) };
  } finally {
    await server.stop();
  }
}

export async function runDeviceLinksIdleBench(partial: Partial<DeviceLinksIdleOptions> = {}): Promise<DeviceLinksIdleResult> {
  const o = { ...DEVICE_LINKS_IDLE_DEFAULTS, ...partial };
  if (o.holdSeconds * 1000 < LINK_PING_MS) console.warn(`holding ${o.holdSeconds} s: shorter than a ping round (${LINK_PING_MS / 1000} s)`);
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const scratch = databaseUrl ? await scratchPostgres(databaseUrl) : undefined;
  const dataDir = scratch ? undefined : mkdtempSync(join(tmpdir(), 'flotilla-links-'));
  try {
    console.log(`device-links-idle: ${o.links} idle links, app (${scratch ? 'PostgreSQL' : 'PGlite'}, ${redisUrl ? 'Redis hub' : 'memory hub'}) and bare ws`);
    const bare = await measureServer('bare', o, {});
    const app = await measureServer('app', o, { DATABASE_URL: scratch?.url, DATA_DIR: dataDir, REDIS_URL: redisUrl });
    return {
      name: 'device-links-idle',
      options: o,
      hub: redisUrl ? 'redis' : 'memory',
      environment: await environmentInfo(scratch ? 'postgres' : 'pglite'),
      app,
      bare,
      // A negative delta (pages given back during the run) has no meaningful ratio.
      ratioRss: bare.perLink.rss > 0 && app.perLink.rss > 0 ? ratio(app.perLink.rss, bare.perLink.rss) : NaN,
      ratioHeap: bare.perLink.heapUsed > 0 ? ratio(app.perLink.heapUsed, bare.perLink.heapUsed) : NaN,
      targetBytes: PER_LINK_TARGET_BYTES,
      // Both readings under the bar: RSS (everything, noisy at small N) and heap + external.
      ok: app.perLink.rss <= PER_LINK_TARGET_BYTES && app.perLink.heapUsed + app.perLink.external <= PER_LINK_TARGET_BYTES && app.drops === 0,
    };
  } finally {
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function printDeviceLinksIdle(r: DeviceLinksIdleResult): void {
  const row = (label: string, s: ServerRun) => [
    label,
    mb(s.baseline.rss),
    mb(s.held.rss),
    kb(s.perLink.rss),
    kb(s.perLink.heapUsed),
    kb(s.perLink.external),
    kb(s.leftPerLink.rss),
    kb(s.leftPerLink.heapUsed),
    `${s.openSeconds.toFixed(1)} s`,
    String(s.drops),
  ];
  printTable(
    `${r.options.links} idle device links held by one process (hub: ${r.hub}, ${r.environment.database}), held ${r.options.holdSeconds} s — memory over the baseline, per link`,
    ['server', 'RSS base', 'RSS held', 'RSS/link', 'heap/link', 'external/link', 'RSS left/link', 'heap left/link', 'open all', 'drops'],
    [row('API (link route, hub, pings)', r.app), row('ceiling: bare ws server', r.bare)],
  );
  for (const [message, n] of Object.entries(r.app.warnings)) console.log(`API log: ${n} × ${message}`);
  const x = (n: number) => (Number.isFinite(n) ? `${n}×` : 'n/a');
  console.log(`ratio app / bare: RSS ${x(r.ratioRss)}, heap ${x(r.ratioHeap)}; target ≤ ${kb(r.targetBytes)} per link (RSS, and heap + external): ${r.ok ? 'ok' : 'MISS'}`);
}

if (isMain(import.meta.url)) {
  const result = await runDeviceLinksIdleBench(readIntOptions(process.argv.slice(2), DEVICE_LINKS_IDLE_DEFAULTS));
  writeResult('device-links-idle', result);
  printDeviceLinksIdle(result);
}
