import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { defaultConfig } from '../apps/api/src/lib/config.ts';
import { startCeilingServer } from './target-state.ceiling.ts';
import { call, pollAll, seedDevices, setUpPollingFleet } from './target-state.setup.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import type { Database } from '../apps/api/src/db/database.ts';
import { runLoadInWorker, type LoadResult, type LoadTarget } from './lib/http-load.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { ratio, timed } from './lib/stats.ts';

/**
 * Issue 13 bench: a fleet-wide variable change in a big fleet causes no per-device rebuild
 * storm. D devices (default 10 000) of a fleet with an S-service target release poll
 * `GET /device/v3/<uuid>/state` with their own keys from a closed loop on a worker thread. The
 * fleet, its release, variables and first device are made through the API
 * (target-state.setup.ts); the other devices are seeded in one SQL statement with a device key
 * each (registering 10 000 through the API takes longer than the whole bench, and measures the
 * registration, not the polls):
 *
 *   1. unchanged — each device with its current tag: 304;
 *   2. full answer — each device with a tag it never had: 200, the state read and sent, the
 *      cost a change must not exceed;
 *   3. a developer changes one fleet environment variable through /v7 (timed);
 *   4. changed — each device with the tag it had before the change, i.e. its next poll after
 *      it: 200 with the new body (every device of the fleet is concerned);
 *   5. unchanged again — with the new tags: 304.
 *
 * Each run is measured against the CEILING of target-state.bench.ts (a bare Fastify route over a
 * precomputed body of the same size with the same ETag check) under the identical load, as
 * ratio = ceiling req/s ÷ app req/s. App and ceiling alternate `--reps` times per round. The
 * rounds that answer alike share one ceiling, the median of all their ceiling runs (both 304
 * rounds; both 200 rounds, whose bodies differ by a few bytes): a bare route's rate swings more
 * between runs on a shared machine than the app's (2026-11-28: 12 000 and 20 000 req/s in
 * consecutive rounds), and a ceiling per round made that swing the changed/full verdict. TARGET: the changed round's ratio is within 25 % of the
 * full-answer round's (the change costs what a full answer costs, not a rebuild per device), and
 * the round after the change is back to the unchanged ratio. (Until the 304 stopped reading the
 * state, issue 16 W1, a 304 cost what a full answer did and the unchanged round was the baseline.)
 *
 *   npx tsx bench/variable-change.bench.ts [--devices 10000] [--services 5] [--seconds 5] [--reps 3] [--concurrency 32]
 */
export const VARIABLE_CHANGE_DEFAULTS = {
  devices: 10_000,
  services: 5,
  /** Length of each timed run (app and ceiling, `reps` times, for each of the three rounds). */
  seconds: 5,
  reps: 3,
  concurrency: 32,
};
export type VariableChangeOptions = typeof VARIABLE_CHANGE_DEFAULTS;

/** Changed ratio ≤ full-answer ratio × this; unchanged-again ratio ≤ unchanged ratio × this. */
const TOLERANCE = 1.25;

interface RoundResult {
  mode: 'unchanged (304)' | 'full answer (200)' | 'after the change (200)' | 'unchanged again (304)';
  /** The app run with the median rate, and the median of the ceiling runs of every round answering alike. */
  app: LoadResult;
  ceiling: LoadResult;
  ratio: number;
  /** Every pair's ratio (each run against the ceiling run beside it), in run order. */
  ratios: number[];
}

interface MeasuredRound {
  mode: RoundResult['mode'];
  pairs: Array<{ app: LoadResult; ceiling: LoadResult }>;
}

const medianBy = (runs: LoadResult[]): LoadResult => [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;

/** Each round's median app run against the median ceiling run of the rounds in its group. */
function poolCeilings(measured: MeasuredRound[], groups: number[][]): RoundResult[] {
  const results: RoundResult[] = [];
  for (const group of groups) {
    const ceiling = medianBy(group.flatMap((i) => measured[i]!.pairs.map((p) => p.ceiling)));
    for (const i of group) {
      const { mode, pairs } = measured[i]!;
      const app = medianBy(pairs.map((p) => p.app));
      results[i] = { mode, app, ceiling, ratio: ratio(ceiling.perSecond, app.perSecond), ratios: pairs.map((p) => ratio(p.ceiling.perSecond, p.app.perSecond)) };
    }
  }
  return results;
}

export interface VariableChangeResult {
  name: 'variable-change';
  options: VariableChangeOptions;
  setup: { devices: number; setupMs: number; bodyBytes: number; changedBodyBytes: number; changeWriteMs: number };
  environment: Record<string, unknown>;
  rounds: RoundResult[];
  /** Changed ratio over the full-answer ratio (target ≤ TOLERANCE). */
  changedOverFull: number;
  ok: boolean;
}

const statePath = (uuid: string) => `/device/v3/${uuid}/state`;

/**
 * A session of the fleet's developer: setUpPollingFleet signs up `bench.<suffix>@example.com`
 * (its password below) for the fleet `bench-<suffix>`, so the change goes through /v7 with
 * every hook a dashboard write runs.
 */
async function signInAsFleetOwner(baseUrl: string, db: Database['db'], fleetId: number): Promise<string> {
  const row = await db.selectFrom('application').select('app_name').where('id', '=', fleetId).executeTakeFirstOrThrow();
  const suffix = row.app_name.replace(/^bench-/, '');
  return call<string>(baseUrl, 'POST', '/login_', undefined, { username: `bench.${suffix}@example.com`, password: 'correct horse battery staple' });
}

export async function runVariableChangeBench(partial: Partial<VariableChangeOptions> = {}): Promise<VariableChangeResult> {
  const o = { ...VARIABLE_CHANGE_DEFAULTS, ...partial };
  const { database, drop } = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  const ceilings: Array<Awaited<ReturnType<typeof startCeilingServer>>> = [];
  try {
    app = await buildApp({ db: database.db, config: defaultConfig() });
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`variable-change: a fleet with a ${o.services}-service target release through the API, then ${o.devices} devices on ${database.kind}…`);
    const started = Date.now();
    const fleet = await setUpPollingFleet(appUrl, 1, o.services);
    fleet.devices.push(...(await seedDevices(database.db, fleet.fleetId, o.devices - 1)));
    const before = await pollAll(appUrl, fleet.devices);
    const setupMs = Date.now() - started;
    console.log(`variable-change: set up in ${(setupMs / 1000).toFixed(1)} s; state body ${before.sample.length} bytes; ${o.reps} × ${o.seconds} s per side and round`);

    const targets = (etags: Map<string, string> | ((uuid: string) => string)): LoadTarget[] =>
      fleet.devices.map((d) => ({
        path: statePath(d.uuid),
        headers: { authorization: `Bearer ${d.apiKey}`, 'if-none-match': typeof etags === 'function' ? etags(d.uuid) : etags.get(d.uuid)! },
      }));
    const load = (baseUrl: string, t: LoadTarget[], expectStatus: number) =>
      runLoadInWorker({ baseUrl, targets: t, concurrency: o.concurrency, durationMs: o.seconds * 1000, expectStatus });
    const measure = async (mode: RoundResult['mode'], appTags: Map<string, string>, ceilingBody: string, ceilingTag: string | null, expectStatus: number): Promise<MeasuredRound> => {
      const ceiling = await startCeilingServer(ceilingBody);
      ceilings.push(ceiling);
      const pairs: MeasuredRound['pairs'] = [];
      for (let i = 0; i < o.reps; i++) {
        const appRun = await load(appUrl, targets(appTags), expectStatus);
        const ceilingRun = await load(ceiling.url, targets(() => ceilingTag ?? ceiling.etag), expectStatus);
        pairs.push({ app: appRun, ceiling: ceilingRun });
      }
      return { mode, pairs };
    };

    const measured: MeasuredRound[] = [];
    measured.push(await measure('unchanged (304)', before.etags, before.sample, null, 304));
    // A tag no state ever had (the shape of ours, so it is looked up, not dismissed).
    const stale = new Map(fleet.devices.map((d) => [d.uuid, 'W/"AAAAAAAAAAAAAAAAAAAAAAAAAAA"']));
    measured.push(await measure('full answer (200)', stale, before.sample, 'W/"AAAAAAAAAAAAAAAAAAAAAAAAAAA"', 200));

    // One fleet-wide variable changes, as a developer changes it in the dashboard.
    const token = await signInAsFleetOwner(appUrl, database.db, fleet.fleetId);
    const vars = await call<{ d: Array<{ id: number }> }>(appUrl, 'GET', `/v7/application_environment_variable?$select=id&$filter=application%20eq%20${fleet.fleetId}%20and%20name%20eq%20'NODE_ENV'`, token);
    const change = await timed(() => call(appUrl, 'PATCH', `/v7/application_environment_variable(${vars.d[0]!.id})`, token, { value: 'staging' }));
    const first = fleet.devices[0]!;
    const changedSample = await (await fetch(`${appUrl}${statePath(first.uuid)}`, { headers: { authorization: `Bearer ${first.apiKey}` } })).text();
    if (!changedSample.includes('"NODE_ENV":"staging"')) throw new Error('the change did not reach the target state');
    // Every device still sends its pre-change tag: its next poll after the change. The ceiling
    // answers its new body to the old body's tag.
    measured.push(await measure('after the change (200)', before.etags, changedSample, ceilings[0]!.etag, 200));

    const after = await pollAll(appUrl, fleet.devices);
    measured.push(await measure('unchanged again (304)', after.etags, after.sample, null, 304));
    const rounds = poolCeilings(measured, [[0, 3], [1, 2]]);

    const changedOverFull = Math.round((rounds[2]!.ratio / rounds[1]!.ratio) * 100) / 100;
    const againOverUnchanged = rounds[3]!.ratio / rounds[0]!.ratio;
    return {
      name: 'variable-change',
      options: o,
      setup: { devices: fleet.devices.length, setupMs, bodyBytes: before.sample.length, changedBodyBytes: changedSample.length, changeWriteMs: Math.round(change.ms * 10) / 10 },
      environment: await environmentInfo(database.kind),
      rounds,
      changedOverFull,
      ok: changedOverFull <= TOLERANCE && againOverUnchanged <= TOLERANCE,
    };
  } finally {
    for (const c of ceilings) await c.close();
    await app?.close();
    await drop();
  }
}

export function printVariableChange(r: VariableChangeResult): void {
  const errors = (l: LoadResult) => Object.values(l.unexpected).reduce((a, b) => a + b, 0);
  // The changed round is held to the full answer's ratio, the unchanged-again round to the unchanged one's.
  const baseOf = (i: number) => r.rounds[i === 2 ? 1 : 0]!.ratio;
  printTable(
    `Polls around a fleet-wide variable change — ${r.setup.devices} devices, ${r.options.services}-service release (${r.setup.bodyBytes} B body), ${r.options.concurrency} in flight, ${r.options.reps} × ${r.options.seconds} s per side, ${r.environment.database}; the change itself: ${r.setup.changeWriteMs} ms`,
    ['round', 'app req/s', 'app p50 ms', 'app p95 ms', 'ceiling req/s', 'ratio', 'ratios (all)', 'target', 'unexpected'],
    r.rounds.map((m, i) => [
      m.mode,
      m.app.perSecond,
      m.app.latency.medianMs,
      m.app.latency.p95Ms,
      m.ceiling.perSecond,
      `${m.ratio}×`,
      m.ratios.join(' / '),
      i <= 1 ? 'baseline' : `${m.ratio <= baseOf(i) * TOLERANCE ? 'ok' : 'MISS'} (≤ ${Math.round(baseOf(i) * TOLERANCE * 100) / 100}×)`,
      `${errors(m.app)}/${errors(m.ceiling)}`,
    ]),
  );
  console.log(`changed ratio / full-answer ratio: ${r.changedOverFull} (target ≤ ${TOLERANCE}) — ${r.ok ? 'ok' : 'MISS'}`);
}

if (isMain(import.meta.url)) {
  const result = await runVariableChangeBench(readIntOptions(process.argv.slice(2), VARIABLE_CHANGE_DEFAULTS));
  printVariableChange(result);
  console.log(`\nwrote ${writeResult('variable-change', result)}`);
}
