import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { StatementCounter } from '../apps/api/src/db/statement-counter.ts';
import { defaultConfig } from '../apps/api/src/lib/config.ts';
import { startCeilingServer } from './target-state.ceiling.ts';
import { pollAll, seedDevices, setUpPollingFleet, type PollingDevice } from './target-state.setup.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { runLoadInWorker, type LoadResult, type LoadTarget } from './lib/http-load.ts';
import { environmentInfo, printRows, writeResult, type BenchRow } from './lib/report.ts';
import { ratio } from './lib/stats.ts';

/**
 * W2 (issue 16): a changed target state — a fleet whose target release has 5 services, with
 * fleet environment and config variables, gets a new target; every device polls with the tag
 * it had before, so every answer is a 200 with the new body. Target: ≥ 0.25 × a bare Fastify
 * route answering the same JSON from memory (target-state.ceiling.ts), and ≤ 3 statements per
 * poll. Also counted: the statements of an unchanged poll (W1's budget is 1).
 *
 * The fleet and one device are made through the API (target-state.setup.ts), the other devices
 * seeded with their keys in one statement. Statements are counted with the test-time counter
 * (apps/api/src/db/statement-counter.ts) on polls sent through `app.inject` — the counter
 * follows the async context of the request, which a socket from the load worker does not carry.
 *
 *   npx tsx bench/changed-state.bench.ts [--devices 1000] [--services 5] [--seconds 5] [--concurrency 32]
 */
export const CHANGED_STATE_DEFAULTS = { devices: 1000, services: 5, seconds: 5, concurrency: 32 };
export type ChangedStateOptions = typeof CHANGED_STATE_DEFAULTS;

export const CHANGED_RATIO_TARGET = 0.25;
export const CHANGED_STATEMENTS_TARGET = 3;
export const UNCHANGED_STATEMENTS_TARGET = 1;

export interface ChangedStateResult {
  name: 'changed-state';
  options: ChangedStateOptions;
  setup: { devices: number; setupMs: number; bodyBytes: number };
  environment: Record<string, unknown>;
  app: LoadResult;
  ceiling: LoadResult;
  /** app req/s ÷ ceiling req/s (the target's direction). */
  ratio: number;
  /** Most statements one changed poll sent (of the sampled polls), and one sample's text. */
  changedStatements: number;
  unchangedStatements: number;
  statementSample: string[];
}

const statePath = (uuid: string) => `/device/v3/${uuid}/state`;
const SAMPLED_POLLS = 5;

export async function runChangedStateBench(partial: Partial<ChangedStateOptions> = {}): Promise<ChangedStateResult> {
  const o = { ...CHANGED_STATE_DEFAULTS, ...partial };
  const counter = new StatementCounter();
  const { database, drop } = await openBenchDatabase({ statementCounter: counter });
  let app: FastifyInstance | undefined;
  let ceiling: Awaited<ReturnType<typeof startCeilingServer>> | undefined;
  try {
    app = await buildApp({ db: database.db, config: defaultConfig() });
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`changed-state: a ${o.services}-service fleet with variables, ${o.devices} devices on ${database.kind}…`);
    const started = Date.now();
    const fleet = await setUpPollingFleet(appUrl, 1, o.services);
    fleet.devices.push(...(await seedDevices(database.db, fleet.fleetId, o.devices - 1)));
    const before = await pollAll(appUrl, fleet.devices);
    const setupMs = Date.now() - started;

    // Statements of an unchanged poll with its heartbeat due (the costlier case, every poll of a
    // device polling less often than every 5 s): the sampled devices were last seen a minute ago.
    const sampled = fleet.devices.slice(0, SAMPLED_POLLS);
    await sql`UPDATE device SET last_connectivity_event = now() - interval '1 minute'
               WHERE uuid IN (${sql.join(sampled.map((d) => d.uuid))})`.execute(database.db);
    const countPolls = async (tags: Map<string, string>, status: number) => {
      let most = 0;
      let sample: string[] = [];
      for (const d of sampled) {
        const { result, statements } = await counter.measure(() =>
          app!.inject({ method: 'GET', url: statePath(d.uuid), headers: { authorization: `Bearer ${d.apiKey}`, 'if-none-match': tags.get(d.uuid)! } }),
        );
        if (result.statusCode !== status) throw new Error(`poll of ${d.uuid} → ${result.statusCode}, expected ${status}`);
        if (statements.length > most) [most, sample] = [statements.length, statements];
      }
      return { most, sample };
    };
    const unchanged = await countPolls(before.etags, 304);
    const beaten = await sql<{ n: number }>`SELECT count(*)::int AS n FROM device
      WHERE uuid IN (${sql.join(sampled.map((d) => d.uuid))}) AND last_connectivity_event > now() - interval '30 seconds'`.execute(database.db);
    if (beaten.rows[0]?.n !== sampled.length) throw new Error('the counted polls did not write their due heartbeat: not the case meant');

    await fleet.deployNewTarget();
    const first = fleet.devices[0]!;
    const body = await (await fetch(`${appUrl}${statePath(first.uuid)}`, { headers: { authorization: `Bearer ${first.apiKey}` } })).text();
    const changed = await countPolls(before.etags, 200);
    ceiling = await startCeilingServer(body);
    console.log(`changed-state: set up in ${(setupMs / 1000).toFixed(1)} s; new body ${body.length} bytes; ${o.seconds} s per side`);

    const targets = (devices: PollingDevice[], tag: (d: PollingDevice) => string): LoadTarget[] =>
      devices.map((d) => ({ path: statePath(d.uuid), headers: { authorization: `Bearer ${d.apiKey}`, 'if-none-match': tag(d) } }));
    const load = (baseUrl: string, t: LoadTarget[]) => runLoadInWorker({ baseUrl, targets: t, concurrency: o.concurrency, durationMs: o.seconds * 1000, expectStatus: 200 });
    // Every device still sends the tag of the old state; the ceiling gets a tag that is not its own.
    const appRun = await load(appUrl, targets(fleet.devices, (d) => before.etags.get(d.uuid)!));
    const ceilingRun = await load(ceiling.url, targets(fleet.devices, () => 'W/"before"'));
    return {
      name: 'changed-state',
      options: o,
      setup: { devices: fleet.devices.length, setupMs, bodyBytes: body.length },
      environment: await environmentInfo(database.kind),
      app: appRun,
      ceiling: ceilingRun,
      ratio: ratio(appRun.perSecond, ceilingRun.perSecond),
      changedStatements: changed.most,
      unchangedStatements: unchanged.most,
      statementSample: changed.sample,
    };
  } finally {
    await ceiling?.close();
    await app?.close();
    await drop();
  }
}

const unexpected = (l: LoadResult) => Object.values(l.unexpected).reduce((a, b) => a + b, 0);

/** W2's rows (and W1's statement count); growth is added by the runner. */
export function changedStateRows(r: ChangedStateResult): BenchRow[] {
  const size = `${r.setup.devices} devices`;
  const base = { size, sizeUnit: 'devices', growth: { none: 'single run' } } as const;
  return [
    {
      ...base,
      workload: 'W2',
      name: `changed target state (200), ${r.options.services} services + variables`,
      figure: r.app.perSecond,
      unit: 'req/s',
      ceiling: r.ceiling.perSecond,
      ceilingNote: 'bare Fastify route, same JSON from memory',
      ratio: r.ratio,
      target: { on: 'ratio', op: '>=', value: CHANGED_RATIO_TARGET, text: `≥ ${CHANGED_RATIO_TARGET}× ceiling` },
      notes: [`p50 ${r.app.latency.medianMs.toFixed(1)} ms`, `${r.setup.bodyBytes} B`, `unexpected ${unexpected(r.app)}/${unexpected(r.ceiling)}`],
    },
    {
      ...base,
      workload: 'W2',
      name: 'statements per changed poll',
      figure: r.changedStatements,
      unit: 'statements',
      ceiling: null,
      ceilingNote: 'a count held to the issue’s budget',
      ratio: null,
      target: { on: 'figure', op: '<=', value: CHANGED_STATEMENTS_TARGET, text: `≤ ${CHANGED_STATEMENTS_TARGET}` },
      notes: [],
    },
    {
      ...base,
      workload: 'W1',
      name: 'statements per unchanged poll (304), heartbeat due',
      figure: r.unchangedStatements,
      unit: 'statements',
      ceiling: null,
      ceilingNote: 'a count held to the issue’s budget',
      ratio: null,
      target: { on: 'figure', op: '<=', value: UNCHANGED_STATEMENTS_TARGET, text: `≤ ${UNCHANGED_STATEMENTS_TARGET}` },
      notes: ['heartbeat due (last seen 1 min before)'],
    },
  ];
}

if (isMain(import.meta.url)) {
  const result = await runChangedStateBench(readIntOptions(process.argv.slice(2), CHANGED_STATE_DEFAULTS));
  printRows('Changed target state (W2)', changedStateRows(result));
  console.log(`\nwrote ${writeResult('changed-state', result)}`);
}
