import { sql } from 'kysely';
import { BATCH_CONCURRENCY } from '@flotilla/core/batch';
import { supervisorActionRequest } from '@flotilla/core/device-actions';
import { StatementCounter } from '../apps/api/src/db/statement-counter.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { elapsedMs, ratio } from './lib/stats.ts';
import { openLinks, stopLinks, waitForCount, type LinkedDevice } from './device-links-devices.ts';
import { countLinked, newLinkDevices, seedLinkDevices } from './device-links-seed.ts';
import { startSupervisorApps } from './supervisor-apps.ts';
import { openBareEcho } from './supervisor-link.bench.ts';
import { startSupervisorClient, type SupervisorClient } from './lib/supervisor-client.ts';

/**
 * W11's batch (issue 16): a batch action on N devices through `/supervisor` and their links,
 * against N sequential link echoes divided by the batch's concurrency.
 *
 * PRODUCT, two paths, both with the product's own concurrency of 50:
 *  - the dashboard's batch action bar (apps/web features/devices device-batch.mutations.ts):
 *    one `POST /supervisor/v1/blink {deviceId}` per selected device ("Identify"), sent by
 *    `runBatch` of @flotilla/core/batch at BATCH_CONCURRENCY (50) with a session token, over
 *    real HTTP to process B, from a thread of its own as from the user's browser
 *    (lib/supervisor-client.ts);
 *  - the fleet-wide call of the SDK and CLI: one `POST /supervisor/v1/blink {appId}` that the
 *    API forwards to every linked device of the fleet, 50 at a time (supervisor.routes.ts
 *    FORWARD_CONCURRENCY), answering 207 with every reply.
 * The N devices are seeded into the schema (device-links-seed.ts) and each holds a real agent
 * link (`LinkClient`, device-links-devices.ts) to process A, answering 200 "OK" at once. With
 * REDIS_URL, B reaches A's links through Redis (supervisor-apps.ts).
 *
 * CEILING, same run, same links: N sequential link echoes — the link protocol's own round trip,
 * `forward` on A's hub to each device in turn (request frame → agent → response frame), no
 * HTTP, no credential, no query — divided by the concurrency (timed on the first 200 devices,
 * ECHO_SAMPLE, and scaled to N: one echo after another costs the same per device). Target: batch ≤ 2 × that. Also
 * recorded: N sequential echoes on a bare ws socket (supervisor-link.bench.ts's ceiling), and
 * the statements one `/supervisor` call sends (auth + targets).
 *
 * Two device answer times, same links, same run: at once (loopback: every echo is CPU, so
 * dividing it by the concurrency asks 50 calls to overlap on one event loop), and after
 * `answerMs` (default 20: a nearby device's round trip plus its supervisor), the wait that
 * concurrency exists to overlap; the agents wait it for the ceiling's echoes and the batches alike.
 *
 *   npx tsx bench/supervisor-batch.bench.ts [--devices 1000] [--rounds 3] [--concurrency 50] [--answerMs 20]
 */
/** Devices the ceiling's sequential echoes are timed on (scaled to N). */
const ECHO_SAMPLE = 200;

export const SUPERVISOR_BATCH_DEFAULTS = { devices: 1000, rounds: 3, concurrency: BATCH_CONCURRENCY, answerMs: 20 };
export type SupervisorBatchOptions = typeof SUPERVISOR_BATCH_DEFAULTS;

/** One device answer time: every round's whole-batch milliseconds, and the best of them against the ceiling. */
export interface SupervisorBatchCase {
  /** How long each device took to answer (0: at once, loopback). */
  answerMs: number;
  dashboardMs: number[];
  fleetWideMs: number[];
  /** N sequential link echoes, whole time in ms, each round. */
  linkEchoMs: number[];
  /** The target's ceiling: best link echo time ÷ concurrency. */
  ceilingMs: number;
  bestDashboardMs: number;
  bestFleetWideMs: number;
  ratioDashboard: number;
  ratioFleetWide: number;
}

export interface SupervisorBatchResult {
  name: 'supervisor-batch';
  options: SupervisorBatchOptions;
  hub: 'redis' | 'memory';
  environment: Record<string, unknown>;
  /** Devices answering at once, then after `answerMs`. */
  cases: SupervisorBatchCase[];
  /** N sequential echoes on a bare ws socket answering at once, whole time in ms, each round. */
  bareEchoMs: number[];
  /** Statements one dashboard `/supervisor` call sent, and their text. */
  statementsPerCall: number;
  statementSample: string[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const best = (ms: number[]) => round2(Math.min(...ms));

async function timeIt(fn: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return elapsedMs(start);
}

export async function runSupervisorBatchBench(partial: Partial<SupervisorBatchOptions> = {}): Promise<SupervisorBatchResult> {
  const o = { ...SUPERVISOR_BATCH_DEFAULTS, ...partial };
  const counter = new StatementCounter();
  const { database, drop } = await openBenchDatabase({ statementCounter: counter });
  const apps = await startSupervisorApps(database.db).catch(async (error: unknown) => {
    await drop();
    throw error;
  });
  let linked: LinkedDevice[] = [];
  let client: SupervisorClient | undefined;
  try {
    const devices = newLinkDevices(o.devices);
    const { fleetId } = await seedLinkDevices(database.db, devices);
    const ids = await sql<{ id: number; uuid: string }>`SELECT id, uuid FROM device WHERE belongs_to__application = ${fleetId} ORDER BY id`.execute(database.db);
    const targets = ids.rows;

    // The dashboard's user: signed up through the API (a session token, as the dashboard sends), developer of the fleet.
    const email = `batch.${fleetId}.${Date.now()}@example.com`;
    const signup = await fetch(`${apps.b.url}/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct horse battery' }) });
    if (signup.status !== 201) throw new Error(`register → ${signup.status}: ${await signup.text()}`);
    const token = await signup.text();
    await sql`INSERT INTO user_application_membership ("user", is_member_of__application, application_membership_role)
              SELECT u.id, ${fleetId}, r.id FROM "user" u, application_membership_role r WHERE u.email = ${email} AND r.name = 'developer'`.execute(database.db);

    console.log(`supervisor-batch: opening ${o.devices} device links to A (${apps.hubKind} hub, ${database.kind})…`);
    let answerMs = 0;
    linked = await openLinks(apps.a.url, devices, { concurrency: 100, answerMs: () => answerMs });
    await waitForCount(() => countLinked(database.db), o.devices, 120_000, 'devices marked linked');

    // The users' calls come from a thread of their own, as from another machine (lib/supervisor-client.ts).
    client = startSupervisorClient({ baseUrl: apps.b.url, token, fleetId, concurrency: o.concurrency });
    const deviceIds = targets.map((t) => t.id);
    const dashboardBatch = () => client!.dashboard(deviceIds);
    const fleetWide = () => client!.fleetWide(targets.length);
    // Sequential echoes cost the same per device, so the ceiling times the first ECHO_SAMPLE
    // devices and scales to N: at 1 000 devices answering in 20 ms, the whole run is 20 s a round.
    const echoed = targets.slice(0, ECHO_SAMPLE);
    const linkEchoes = async () => {
      for (const t of echoed) {
        const reply = await apps.a.hub.forward(t.uuid, { method: 'POST', path: '/v1/blink' });
        if (reply?.status !== 200) throw new Error(`link echo of ${t.uuid} → ${JSON.stringify(reply)}`);
      }
    };
    const timeLinkEchoes = async () => ((await timeIt(linkEchoes)) * targets.length) / echoed.length;
    const bare = await openBareEcho();
    const bareEchoes = async () => {
      for (let i = 0; i < targets.length; i++) await bare.echo();
    };

    // Statements of one call, counted on an inject into B (the counter sees the shared database).
    const { path, body } = supervisorActionRequest('identify', { id: targets[0]!.id, appId: fleetId });
    const counted = await counter.measure(() => apps.b.app.inject({ method: 'POST', url: `/supervisor${path}`, headers: { authorization: `Bearer ${token}` }, payload: body }));
    if (counted.result.statusCode !== 200) throw new Error(`counted call → ${counted.result.statusCode}: ${counted.result.body}`);

    // Warm-up: each path once on a slice of the fleet; then per answer time the rounds alternate the paths.
    await client.dashboard(deviceIds.slice(0, 100));
    await linkEchoes();
    await bareEchoes();
    const bareEchoMs: number[] = [];
    const cases: SupervisorBatchCase[] = [];
    try {
      for (const ms of o.answerMs > 0 ? [0, o.answerMs] : [0]) {
        answerMs = ms;
        const r = { dashboardMs: [] as number[], fleetWideMs: [] as number[], linkEchoMs: [] as number[] };
        for (let round = 0; round < o.rounds; round++) {
          r.linkEchoMs.push(await timeLinkEchoes());
          r.dashboardMs.push(await dashboardBatch());
          r.fleetWideMs.push(await fleetWide());
          if (ms === 0) bareEchoMs.push(await timeIt(bareEchoes));
        }
        const ceilingMs = round2(best(r.linkEchoMs) / o.concurrency);
        const [bestDashboardMs, bestFleetWideMs] = [best(r.dashboardMs), best(r.fleetWideMs)];
        cases.push({ answerMs: ms, ...r, ceilingMs, bestDashboardMs, bestFleetWideMs, ratioDashboard: ratio(bestDashboardMs, ceilingMs), ratioFleetWide: ratio(bestFleetWideMs, ceilingMs) });
        console.log(`supervisor-batch: devices answering in ${ms} ms: dashboard ${bestDashboardMs} ms, fleet-wide ${bestFleetWideMs} ms, ceiling ${ceilingMs} ms`);
      }
    } finally {
      await bare.close();
    }
    return {
      name: 'supervisor-batch',
      options: o,
      hub: apps.hubKind,
      environment: await environmentInfo(database.kind),
      cases,
      bareEchoMs,
      statementsPerCall: counted.statements.length,
      statementSample: counted.statements,
    };
  } finally {
    await client?.close();
    await stopLinks(linked);
    await apps.close();
    await drop();
  }
}

export function printSupervisorBatch(r: SupervisorBatchResult): void {
  const { devices: n, concurrency: c } = r.options;
  printTable(
    `W11 batch on ${n} devices through /supervisor, concurrency ${c}, hub: ${r.hub}, ${String(r.environment.database)} (best of ${r.options.rounds})`,
    ['device answers in', 'dashboard ms', 'fleet-wide ms', `${n} link echoes ms`, `ceiling (÷ ${c}) ms`, 'dashboard ÷ ceiling', 'fleet-wide ÷ ceiling'],
    r.cases.map((k) => [`${k.answerMs} ms`, k.bestDashboardMs, k.bestFleetWideMs, best(k.linkEchoMs), k.ceilingMs, `${k.ratioDashboard}×`, `${k.ratioFleetWide}×`]),
  );
  console.log(`${n} sequential bare ws echoes: ${best(r.bareEchoMs)} ms; statements per /supervisor call: ${r.statementsPerCall}`);
}

if (isMain(import.meta.url)) {
  const result = await runSupervisorBatchBench(readIntOptions(process.argv.slice(2), SUPERVISOR_BATCH_DEFAULTS));
  writeResult('supervisor-batch', result);
  printSupervisorBatch(result);
}
