import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { fleetDevicesTopic } from '@flotilla/core/schemas/live-events';
import { buildApp } from '../apps/api/src/app.ts';
import { generateApiKeySecret } from '../apps/api/src/api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../apps/api/src/devices/device-test-factories.ts';
import { putOnPaidPlan } from './lib/paid-plan.ts';
import type { EventBus } from '../apps/api/src/live/event-bus.ts';
import { MemoryEventBus } from '../apps/api/src/live/memory-event-bus.ts';
import { RedisEventBus } from '../apps/api/src/live/redis-event-bus.ts';
import { LiveEventsClient } from '../apps/api/src/live/sse-test-client.ts';
import { defaultConfig } from '../apps/api/src/lib/config.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { ratio, summarize, type LatencySummary } from './lib/stats.ts';

/**
 * Live fan-out (issue 14 quality bar): a device's state report on API process A reaches a
 * browser-like Server-Sent Events client on process B (GET /live/v1/events, fetch streaming,
 * a user API key in the header). Both apps run in this Node process on one database, each with
 * its own event bus — its own Redis connections when REDIS_URL is set (the scale-out path), else
 * one shared in-memory bus. D devices report concurrently, each R times, sequence numbers in
 * `ip_address` (a field every report writes: metric readings such as `memory_usage` are stored
 * at most once per device per 60 s, @flotilla/core/device-metrics, so a report of those alone
 * within the window changes nothing and pushes nothing); the client hears the fleet's topic, so
 * every report must arrive once, in order
 * per device: gaps and duplicates are counted. Latency = the client's receipt − the moment the
 * device started its PATCH (so it includes the report's own HTTP request and database write).
 *
 * CEILING: a bare Redis PUBLISH → SUBSCRIBE round trip of the same payload size (or the
 * in-memory bus's publish → handler without Redis), same count, measured in the same run.
 *
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/live-fanout.bench.ts [--devices 10] [--reports 50] [--gapMs 20]
 */
export const LIVE_FANOUT_DEFAULTS = { devices: 10, reports: 50, gapMs: 20, warmup: 3 };
export type LiveFanoutOptions = typeof LIVE_FANOUT_DEFAULTS;

export interface LiveFanoutResult {
  name: 'live-fanout';
  options: LiveFanoutOptions;
  bus: 'redis' | 'memory';
  environment: Record<string, unknown>;
  fanout: LatencySummary;
  /** The device's PATCH alone (request → 200): the part of the fan-out that is the report itself. */
  report: LatencySummary;
  ceiling: LatencySummary;
  fanoutMaxMs: number;
  ceilingMaxMs: number;
  delivered: number;
  expected: number;
  gaps: number;
  duplicates: number;
  outOfOrder: number;
  ratioP50: number;
  ratioP95: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The ceiling: publish on one Redis connection, hear it on another; sequential, one at a time. */
async function redisCeiling(url: string, count: number, payload: string): Promise<number[]> {
  const publisher = createClient({ url });
  const subscriber = publisher.duplicate();
  await Promise.all([publisher.connect(), subscriber.connect()]);
  let heard: (() => void) | null = null;
  await subscriber.subscribe('flotilla:bench:ceiling', () => heard?.());
  const samples: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      await new Promise<void>((done) => {
        heard = done;
        void publisher.publish('flotilla:bench:ceiling', payload);
      });
      samples.push(performance.now() - t0);
    }
  } finally {
    await Promise.allSettled([subscriber.close(), publisher.close()]);
  }
  return samples;
}

async function memoryCeiling(count: number, payload: string): Promise<number[]> {
  const bus = new MemoryEventBus();
  let heard: (() => void) | null = null;
  await bus.subscribe('ceiling', () => heard?.());
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await new Promise<void>((done) => {
      heard = done;
      void bus.publish('ceiling', JSON.parse(payload));
    });
    samples.push(performance.now() - t0);
  }
  return samples;
}

export async function runLiveFanoutBench(partial: Partial<LiveFanoutOptions> = {}): Promise<LiveFanoutResult> {
  const o = { ...LIVE_FANOUT_DEFAULTS, ...partial };
  const redisUrl = process.env.REDIS_URL;
  const { database, drop } = await openBenchDatabase();
  const buses: EventBus[] = [];
  const apps: FastifyInstance[] = [];
  let client: LiveEventsClient | undefined;
  try {
    const bus = async () => {
      const b = redisUrl ? await RedisEventBus.connect(redisUrl) : new MemoryEventBus();
      buses.push(b);
      return b;
    };
    const busA = await bus();
    const busB = redisUrl ? await bus() : busA;
    for (const eventBus of [busA, busB]) apps.push(await buildApp({ db: database.db, config: defaultConfig({ jwtSecret: randomBytes(16).toString('hex') }), eventBus }));
    const [urlA, urlB] = await Promise.all(apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));

    const fleet = await createFleetWithProvisioningKey(database.db);
    // More devices than the free plan serves (the rest would be frozen): lib/paid-plan.ts.
    await putOnPaidPlan(database.db, fleet.organizationId);
    const user = await createUserWithKey(database.db, fleet.applicationId, 'developer');
    const devices: Array<{ uuid: string; key: string }> = [];
    for (let i = 0; i < o.devices; i++) {
      const uuid = randomBytes(16).toString('hex');
      const key = generateApiKeySecret();
      const reg = await fetch(`${urlA}/device/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fleet.provisioningKey}` },
        body: JSON.stringify({ uuid, device_type: 'raspberrypi4-64', api_key: key }),
      });
      if (reg.status !== 201) throw new Error(`register → ${reg.status}: ${await reg.text()}`);
      devices.push({ uuid, key });
    }
    const opened = await LiveEventsClient.open(urlB!, user.apiKey, { fleet: [fleet.applicationId] });
    if (!(opened instanceof LiveEventsClient)) throw new Error(`live events refused: ${opened.status} ${opened.body}`);
    client = opened;
    await client.ready;

    const report = async (device: { uuid: string; key: string }, seq: number) => {
      const res = await fetch(`${urlA}/device/v3/state`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${device.key}` },
        body: JSON.stringify({ [device.uuid]: { ip_address: String(seq), memory_usage: seq, cpu_usage: seq % 100 } }),
      });
      if (res.status !== 200) throw new Error(`report → ${res.status}: ${await res.text()}`);
    };
    // Warm-up reports use negative sequence numbers, left out of the count.
    for (let w = 1; w <= o.warmup; w++) await Promise.all(devices.map((d) => report(d, -w)));
    await sleep(200);
    const firstMeasured = client.messages.length;

    console.log(`live-fanout: ${o.devices} devices × ${o.reports} reports on A → SSE client on B (${redisUrl ? 'Redis bus' : 'one in-memory bus'}), ${database.kind}`);
    const sentAt = new Map<string, number>();
    const reportMs: number[] = [];
    await Promise.all(
      devices.map(async (device) => {
        for (let seq = 1; seq <= o.reports; seq++) {
          const t0 = performance.now();
          sentAt.set(`${device.uuid}/${seq}`, t0);
          await report(device, seq);
          reportMs.push(performance.now() - t0);
          if (o.gapMs > 0) await sleep(o.gapMs);
        }
      }),
    );
    const expected = o.devices * o.reports;
    await client
      .waitFor((m) => m.length - firstMeasured >= expected, 10_000)
      .catch(() => undefined);
    await sleep(300); // anything extra (a duplicate) would arrive by now

    const latencies: number[] = [];
    const seen = new Map<string, number[]>();
    for (const message of client.messages.slice(firstMeasured)) {
      if (message.topic !== fleetDevicesTopic(fleet.applicationId) || message.event.type !== 'device') continue;
      const { uuid, ip_address } = message.event.device;
      const seq = Number(ip_address);
      if (ip_address === null || !Number.isInteger(seq) || seq < 1) continue;
      const list = seen.get(uuid) ?? [];
      list.push(seq);
      seen.set(uuid, list);
      const t0 = sentAt.get(`${uuid}/${seq}`);
      if (t0 !== undefined) latencies.push(message.at - t0);
    }
    let gaps = 0;
    let duplicates = 0;
    let outOfOrder = 0;
    for (const device of devices) {
      const list = seen.get(device.uuid) ?? [];
      const distinct = new Set(list);
      duplicates += list.length - distinct.size;
      for (let seq = 1; seq <= o.reports; seq++) if (!distinct.has(seq)) gaps += 1;
      for (let i = 1; i < list.length; i++) if (list[i]! < list[i - 1]!) outOfOrder += 1;
    }

    const payload = JSON.stringify(client.messages.at(-1)?.event ?? {});
    const ceilingSamples = redisUrl ? await redisCeiling(redisUrl, expected, payload) : await memoryCeiling(expected, payload);
    const fanout = summarize(latencies);
    const ceiling = summarize(ceilingSamples);
    return {
      name: 'live-fanout',
      options: o,
      bus: redisUrl ? 'redis' : 'memory',
      environment: await environmentInfo(database.kind),
      fanout,
      report: summarize(reportMs),
      ceiling,
      fanoutMaxMs: Math.round(Math.max(0, ...latencies) * 100) / 100,
      ceilingMaxMs: Math.round(Math.max(0, ...ceilingSamples) * 100) / 100,
      delivered: latencies.length,
      expected,
      gaps,
      duplicates,
      outOfOrder,
      ratioP50: ratio(fanout.medianMs, ceiling.medianMs),
      ratioP95: ratio(fanout.p95Ms, ceiling.p95Ms),
    };
  } finally {
    await client?.close();
    for (const app of apps) await app.close();
    for (const b of new Set(buses)) await b.close();
    await drop();
  }
}

export function printLiveFanout(r: LiveFanoutResult): void {
  printTable(
    `live fan-out, device report on A → browser SSE on B — ${r.options.devices} devices × ${r.options.reports} reports, bus: ${r.bus}, ${r.environment.database}`,
    ['path', 'p50 ms', 'p95 ms', 'max ms', 'delivered', 'gaps', 'dups', 'out of order', 'p95 ≤ 1 s'],
    [
      ['PATCH /device/v3/state on A → SSE event on B', r.fanout.medianMs, r.fanout.p95Ms, r.fanoutMaxMs, `${r.delivered}/${r.expected}`, r.gaps, r.duplicates, r.outOfOrder, r.fanout.p95Ms <= 1000 ? 'ok' : 'MISS'],
      ['  of which the report PATCH on A (request → 200)', r.report.medianMs, r.report.p95Ms, '', '', '', '', '', ''],
      [`ceiling: bare ${r.bus === 'redis' ? 'Redis PUBLISH → SUBSCRIBE' : 'in-memory publish → handler'}`, r.ceiling.medianMs, r.ceiling.p95Ms, r.ceilingMaxMs, '', '', '', '', ''],
      ['ratio (fan-out / ceiling)', `${r.ratioP50}×`, `${r.ratioP95}×`, '', '', '', '', '', ''],
    ],
  );
}

if (isMain(import.meta.url)) {
  const result = await runLiveFanoutBench(readIntOptions(process.argv.slice(2), LIVE_FANOUT_DEFAULTS));
  writeResult('live-fanout', result);
  printLiveFanout(result);
}
