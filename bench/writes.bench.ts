import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { defaultConfig } from '../apps/api/src/lib/config.ts';
import { OLD_PREFIX, oldWriteRoutes } from './writes.ceiling.ts';
import { setUpWritesWorld, type WriteDevice, type WritesWorld } from './writes.setup.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { ratio, summarize, timed, type LatencySummary } from './lib/stats.ts';

/**
 * Benchmark 3 (issue 8's quality bar): what checking writes on both sides costs. The real app
 * (`buildApp`, default config) answers through `app.inject` the writes clients send most:
 *
 * - a device key PATCHing its own device through OData with what the supervisor reports
 *   (status, a pin on a release of its fleet, its name: compat §5.2);
 * - a fleet developer's variable writes as balena-sdk's `envVar.set` sends them: POST of a new
 *   name (201), and the upsert of an existing one (POST → 409 "unique" → PATCH by $filter),
 *   for fleet and device environment variables.
 *
 * The CEILING is the old write path (writes.ceiling.ts: commit 2410bea's write functions,
 * mounted at `/old/v7/*` on the same app, same database and registry): the same requests,
 * alternating with the engine, so drift hits both alike. Reported: p50/p95 of each and
 * checked/old, against the bar of 1.3×. The supervisor's `PATCH /device/v3/state` (not an
 * OData write) is timed alongside for reference.
 *
 *   npx tsx bench/writes.bench.ts [--iterations 300] [--devices 20] [--background 20000]
 */
export const WRITES_DEFAULTS = {
  /** Timed runs per case and side (checked and old alternate). */
  iterations: 300,
  warmup: 30,
  /** Devices of the measured fleet, each with its own key (PATCHes go round them). */
  devices: 20,
  /** Other owners' devices (device-list seed) with one variable each. */
  background: 20_000,
};
export type WritesOptions = typeof WRITES_DEFAULTS;

/** The quality bar: checked ≤ 1.3 × old. */
export const TARGET_RATIO = 1.3;

type Side = 'checked' | 'old';

interface Case {
  name: string;
  /** One client operation (one or two requests), answers asserted. */
  run(side: Side, i: number): Promise<void>;
}

export interface WriteCaseResult {
  name: string;
  checked: LatencySummary;
  old?: LatencySummary;
  ratioMedian?: number;
  ratioP95?: number;
}

export interface WritesResult {
  name: 'writes';
  options: WritesOptions;
  setup: { devices: number; background: number; setupMs: number };
  environment: Record<string, unknown>;
  cases: WriteCaseResult[];
}

function casesFor(app: FastifyInstance, w: WritesWorld): { compared: Case[]; reference: Case } {
  const prefix = (side: Side) => (side === 'old' ? `${OLD_PREFIX}/v7` : '/v7');
  const send = async (side: Side | 'route', method: 'POST' | 'PATCH', url: string, token: string, payload: object, expect: number) => {
    const res = await app.inject({ method, url: side === 'route' ? url : `${prefix(side)}${url}`, headers: { authorization: `Bearer ${token}` }, payload });
    if (res.statusCode !== expect) throw new Error(`${side} ${method} ${url} → ${res.statusCode} (expected ${expect}): ${res.body}`);
    if (expect === 409 && !/unique/i.test(res.body)) throw new Error(`${side} ${method} ${url}: a 409 without "unique" breaks the SDK's upsert: ${res.body}`);
  };
  // Each side has its own half of the devices, and each visit to a device flips its status and
  // pin: every PATCH is a real change, never a rewrite of the values the other side just wrote.
  const half = Math.max(1, Math.floor(w.devices.length / 2));
  const device = (side: Side, i: number): WriteDevice => w.devices[2 * (i % half) + (side === 'old' ? 1 : 0)] ?? w.devices[0]!;
  const phase = (i: number) => Math.floor(i / half) % 2;
  const release = (i: number) => w.releases[phase(i) % w.releases.length]!;
  const existing = (i: number) => w.existingNames[i % w.existingNames.length]!;
  const dev = w.developerToken;
  const q = (s: string) => encodeURIComponent(s).replace(/'/g, '%27');
  // balena-sdk's envVar.set: POST, and on 409 "unique" a PATCH by the natural key.
  const upsert = async (side: Side, resource: string, owner: string, ownerId: number, name: string, value: string) => {
    await send(side, 'POST', `/${resource}`, dev, { [owner]: ownerId, name, value }, 409);
    await send(side, 'PATCH', `/${resource}?$filter=${q(`${owner} eq ${ownerId} and name eq '${name}'`)}`, dev, { value }, 200);
  };
  const compared: Case[] = [
    {
      name: 'device PATCH own device (device key)',
      run: (side, i) =>
        send(side, 'PATCH', `/device(${device(side, i).id})`, device(side, i).apiKey, {
          status: phase(i) ? 'Idle' : 'Downloading',
          is_pinned_on__release: release(i).id,
          device_name: `bench-${side}-${i}`,
        }, 200),
    },
    {
      name: 'fleet env var POST new (developer)',
      run: (side, i) => send(side, 'POST', '/application_environment_variable', dev, { application: w.fleetId, name: `NEW_${side}_${i}`, value: String(i) }, 201),
    },
    {
      name: 'fleet env var upsert existing',
      run: (side, i) => upsert(side, 'application_environment_variable', 'application', w.fleetId, existing(i), `${side}-${i}`),
    },
    {
      name: 'device env var POST new (developer)',
      run: (side, i) => send(side, 'POST', '/device_environment_variable', dev, { device: device(side, i).id, name: `NEW_${side}_${i}`, value: String(i) }, 201),
    },
    {
      name: 'device env var upsert existing',
      run: (side, i) => upsert(side, 'device_environment_variable', 'device', device(side, i).id, existing(i), `${side}-${i}`),
    },
  ];
  const reference: Case = {
    name: 'PATCH /device/v3/state (reference, not OData)',
    run: (side, i) =>
      send('route', 'PATCH', '/device/v3/state', device(side, i).apiKey, {
        [device(side, i).uuid]: { status: phase(i) ? 'Idle' : 'Downloading', name: `bench-state-${i}`, apps: { [w.fleetUuid]: { release_uuid: release(i).commit } } },
      }, 200),
  };
  return { compared, reference };
}

async function measureCase(c: Case, o: WritesOptions, compare: boolean): Promise<WriteCaseResult> {
  const sides: Side[] = compare ? ['checked', 'old'] : ['checked'];
  const samples: Record<Side, number[]> = { checked: [], old: [] };
  for (let i = 0; i < o.warmup + o.iterations; i++) {
    // Alternate which side goes first, so neither always follows the other's writes.
    for (const side of i % 2 ? [...sides].reverse() : sides) {
      const { ms } = await timed(() => c.run(side, i));
      if (i >= o.warmup) samples[side].push(ms);
    }
  }
  const checked = summarize(samples.checked);
  if (!compare) return { name: c.name, checked };
  const old = summarize(samples.old);
  return { name: c.name, checked, old, ratioMedian: ratio(checked.medianMs, old.medianMs), ratioP95: ratio(checked.p95Ms, old.p95Ms) };
}

export async function runWritesBench(partial: Partial<WritesOptions> = {}): Promise<WritesResult> {
  const o = { ...WRITES_DEFAULTS, ...partial };
  const { database, drop } = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ db: database.db, config: defaultConfig() });
    await app.register(oldWriteRoutes, { prefix: OLD_PREFIX });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`writes: setting up ${o.devices} devices and ${o.background} background devices on ${database.kind}…`);
    const world = await setUpWritesWorld(url, database.db, o.devices, o.background);
    console.log(`writes: set up in ${(world.setupMs / 1000).toFixed(1)} s; measuring ${o.iterations} runs per case and side`);
    const { compared, reference } = casesFor(app, world);
    const cases: WriteCaseResult[] = [];
    for (const c of compared) cases.push(await measureCase(c, o, true));
    cases.push(await measureCase(reference, o, false));
    return {
      name: 'writes',
      options: o,
      setup: { devices: world.devices.length, background: o.background, setupMs: world.setupMs },
      environment: await environmentInfo(database.kind),
      cases,
    };
  } finally {
    await app?.close();
    await drop();
  }
}

export function printWrites(r: WritesResult): void {
  const dash = '—';
  printTable(
    `Writes checked on both sides vs the old write path — ${r.options.iterations} runs/side, ${r.environment.database}`,
    ['case', 'checked p50 ms', 'checked p95 ms', 'old p50 ms', 'old p95 ms', 'ratio', 'p95 ratio', 'target', ''],
    r.cases.map((c) => [
      c.name,
      c.checked.medianMs,
      c.checked.p95Ms,
      c.old?.medianMs ?? dash,
      c.old?.p95Ms ?? dash,
      c.ratioMedian === undefined ? dash : `${c.ratioMedian}×`,
      c.ratioP95 === undefined ? dash : `${c.ratioP95}×`,
      c.ratioMedian === undefined ? dash : `≤ ${TARGET_RATIO}×`,
      c.ratioMedian === undefined ? '' : c.ratioMedian <= TARGET_RATIO ? 'ok' : 'MISS',
    ]),
  );
}

if (isMain(import.meta.url)) {
  const result = await runWritesBench(readIntOptions(process.argv.slice(2), WRITES_DEFAULTS));
  printWrites(result);
  console.log(`\nwrote ${writeResult('writes', result)}`);
}
