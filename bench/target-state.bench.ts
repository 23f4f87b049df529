import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { defaultConfig } from '../apps/api/src/lib/config.ts';
import { startCeilingServer } from './target-state.ceiling.ts';
import { setUpPollingFleet, type PollingDevice } from './target-state.setup.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { runLoadInWorker, type LoadResult, type LoadTarget } from './lib/http-load.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { ratio } from './lib/stats.ts';

/**
 * Benchmark 2 (DESIGN.md "Performance"): target-state poll throughput. The real app
 * (`buildApp`, default config) listens on 127.0.0.1:0; D devices of a fleet whose target
 * release has S services (default 5), registered through the API, poll
 * `GET /device/v3/<uuid>/state` with their own keys from a closed loop of concurrent workers
 * (on a worker thread): without `If-None-Match` (200), with each device's current tag
 * (unchanged: 304), and — after a new release becomes the fleet's target — with the tag each
 * device had before (changed: 200, the poll that starts an update). The CEILING is a bare
 * Fastify route serving a precomputed state of the same size with the same ETag check, under
 * the identical load. Reported: requests/s of each and ceiling/app.
 *
 *   npx tsx bench/target-state.bench.ts [--devices 2000] [--services 5] [--seconds 10] [--concurrency 32]
 */
export const TARGET_STATE_DEFAULTS = {
  devices: 2000,
  /** Services (one image each) in the fleet's target release. */
  services: 5,
  /** Length of each timed run (there are six: app/ceiling × full/unchanged/changed). */
  seconds: 10,
  /** Requests in flight at once. */
  concurrency: 32,
};
export type TargetStateOptions = typeof TARGET_STATE_DEFAULTS;

export interface ModeResult {
  mode: 'full body (200)' | 'If-None-Match unchanged (304)' | 'If-None-Match changed (200)';
  app: LoadResult;
  ceiling: LoadResult;
  /** ceiling req/s over app req/s: how many times slower the real route is. */
  ratio: number;
}

export interface TargetStateResult {
  name: 'target-state';
  options: TargetStateOptions;
  setup: { devices: number; services: number; setupMs: number; bodyBytes: number; changedBodyBytes: number };
  environment: Record<string, unknown>;
  modes: ModeResult[];
}

const statePath = (uuid: string) => `/device/v3/${uuid}/state`;

function targetsFor(devices: PollingDevice[], etags?: Map<string, string>): LoadTarget[] {
  return devices.map((d) => ({
    path: statePath(d.uuid),
    headers: { authorization: `Bearer ${d.apiKey}`, ...(etags ? { 'if-none-match': etags.get(d.uuid)! } : {}) },
  }));
}

/** One poll per device: its current ETag (also the first heartbeat, as a booting device does). */
async function currentEtags(baseUrl: string, devices: PollingDevice[]): Promise<{ etags: Map<string, string>; sample: string }> {
  const etags = new Map<string, string>();
  let sample = '';
  for (const d of devices) {
    const res = await fetch(`${baseUrl}${statePath(d.uuid)}`, { headers: { authorization: `Bearer ${d.apiKey}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`state of ${d.uuid} → ${res.status}: ${body}`);
    etags.set(d.uuid, res.headers.get('etag')!);
    sample ||= body;
  }
  return { etags, sample };
}

export async function runTargetStateBench(partial: Partial<TargetStateOptions> = {}): Promise<TargetStateResult> {
  const o = { ...TARGET_STATE_DEFAULTS, ...partial };
  const { database, drop } = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  let ceiling: Awaited<ReturnType<typeof startCeilingServer>> | undefined;
  let changedCeiling: Awaited<ReturnType<typeof startCeilingServer>> | undefined;
  try {
    app = await buildApp({ db: database.db, config: defaultConfig() });
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`target-state: registering ${o.devices} devices (target release of ${o.services} services) through the API on ${database.kind}…`);
    const fleet = await setUpPollingFleet(appUrl, o.devices, o.services, database.db);
    const { etags, sample } = await currentEtags(appUrl, fleet.devices);
    console.log(`target-state: set up in ${(fleet.setupMs / 1000).toFixed(1)} s; state body ${sample.length} bytes; ${o.seconds} s per run`);
    ceiling = await startCeilingServer(sample);
    const ceilingEtags = new Map(fleet.devices.map((d) => [d.uuid, ceiling!.etag]));
    const load = (baseUrl: string, targets: LoadTarget[], expectStatus: number) =>
      runLoadInWorker({ baseUrl, targets, concurrency: o.concurrency, durationMs: o.seconds * 1000, expectStatus });
    const measure = async (mode: ModeResult['mode'], appEtags: Map<string, string> | undefined, ceilingUrl: string, ceilingTags: Map<string, string> | undefined, expectStatus: number) => {
      const appRun = await load(appUrl, targetsFor(fleet.devices, appEtags), expectStatus);
      const ceilingRun = await load(ceilingUrl, targetsFor(fleet.devices, ceilingTags), expectStatus);
      return { mode, app: appRun, ceiling: ceilingRun, ratio: ratio(ceilingRun.perSecond, appRun.perSecond) };
    };

    const modes: ModeResult[] = [];
    modes.push(await measure('full body (200)', undefined, ceiling.url, undefined, 200));
    modes.push(await measure('If-None-Match unchanged (304)', etags, ceiling.url, ceilingEtags, 304));
    // A new release becomes the target: every device still sends the tag of the old state, so
    // every poll builds the new body, compares and answers it in full. The ceiling serves a
    // body of the new state's size to the old state's tag.
    await fleet.deployNewTarget();
    const changedSample = await (await fetch(`${appUrl}${statePath(fleet.devices[0]!.uuid)}`, { headers: { authorization: `Bearer ${fleet.devices[0]!.apiKey}` } })).text();
    changedCeiling = await startCeilingServer(changedSample);
    modes.push(await measure('If-None-Match changed (200)', etags, changedCeiling.url, ceilingEtags, 200));
    return {
      name: 'target-state',
      options: o,
      setup: { devices: fleet.devices.length, services: o.services, setupMs: fleet.setupMs, bodyBytes: sample.length, changedBodyBytes: changedCeiling.body.length },
      environment: await environmentInfo(database.kind),
      modes,
    };
  } finally {
    await ceiling?.close();
    await changedCeiling?.close();
    await app?.close();
    await drop();
  }
}

export function printTargetState(r: TargetStateResult): void {
  const errors = (l: LoadResult) => Object.values(l.unexpected).reduce((a, b) => a + b, 0);
  printTable(
    `Target-state polls — ${r.setup.devices} devices, ${r.setup.services}-service release (${r.setup.bodyBytes} B body), ${r.options.concurrency} in flight, ${r.options.seconds} s/run, ${r.environment.database}`,
    ['mode', 'app req/s', 'app p50 ms', 'app p95 ms', 'ceiling req/s', 'ceiling p50 ms', 'ratio', 'unexpected'],
    r.modes.map((m) => [
      m.mode,
      m.app.perSecond,
      m.app.latency.medianMs,
      m.app.latency.p95Ms,
      m.ceiling.perSecond,
      m.ceiling.latency.medianMs,
      `${m.ratio}×`,
      `${errors(m.app)}/${errors(m.ceiling)}`,
    ]),
  );
}

if (isMain(import.meta.url)) {
  const result = await runTargetStateBench(readIntOptions(process.argv.slice(2), TARGET_STATE_DEFAULTS));
  printTargetState(result);
  console.log(`\nwrote ${writeResult('target-state', result)}`);
}
