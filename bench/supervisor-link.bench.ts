import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { apiToDeviceMessage, DEVICE_LINK_PATH, parseLinkFrame } from '@flotilla/core/device-link';
import { generateApiKeySecret } from '../apps/api/src/api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../apps/api/src/devices/device-test-factories.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { startSupervisorApps, type SupervisorApps } from './supervisor-apps.ts';
import { ratio, summarize, timed, type LatencySummary } from './lib/stats.ts';

/**
 * `/supervisor` round trip (issue 11 quality bar): a user's `POST /supervisor/v1/blink` made on
 * API process B reaches a device whose link is held by process A (through Redis when REDIS_URL
 * is set — the scale-out path — else both "processes" share one in-memory hub and the hop is
 * local), and the device's answer comes back. Both apps run in this Node process on one
 * database, each with its own hub and listening socket, so the request really crosses
 * HTTP → permission query → hub → WebSocket → device → back.
 *
 * CEILING: a direct WebSocket echo on the same machine: a client sends the same request frame to
 * a bare `ws` server that answers at once. Reported: p50/p95 of each, sequential calls, and
 * link/ceiling.
 *
 *   npx tsx bench/supervisor-link.bench.ts [--iterations 500] [--warmup 50]
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/supervisor-link.bench.ts
 */
export const SUPERVISOR_LINK_DEFAULTS = { iterations: 500, warmup: 50 };
export type SupervisorLinkOptions = typeof SUPERVISOR_LINK_DEFAULTS;

export interface SupervisorLinkResult {
  name: 'supervisor-link';
  options: SupervisorLinkOptions;
  hub: 'redis' | 'memory';
  environment: Record<string, unknown>;
  link: LatencySummary;
  ceiling: LatencySummary;
  ratioP50: number;
  ratioP95: number;
}

/** A device's end of the link that answers every request at once with 200 "OK". */
function answerEverything(socket: WebSocket): void {
  socket.on('message', (data) => {
    const request = parseLinkFrame(apiToDeviceMessage, data.toString());
    if (request?.type === 'request') socket.send(JSON.stringify({ type: 'response', id: request.id, status: 200, body: 'OK' }));
  });
}

async function opened(socket: WebSocket): Promise<void> {
  await new Promise<void>((done, fail) => {
    socket.once('open', () => done());
    socket.once('error', fail);
  });
}

async function measure(iterations: number, warmup: number, once: () => Promise<void>): Promise<LatencySummary> {
  for (let i = 0; i < warmup; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) samples.push((await timed(once)).ms);
  return summarize(samples);
}

/** A bare ws server answering each request frame at once, and a client of it: `echo()` is one round trip. */
export async function openBareEcho(): Promise<{ echo: () => Promise<void>; close: () => Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((done) => server.once('listening', () => done()));
  server.on('connection', (socket) => answerEverything(socket));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await opened(client);
  const waiting = new Map<string, () => void>();
  client.on('message', (data) => {
    const reply = JSON.parse(data.toString()) as { id: string };
    waiting.get(reply.id)?.();
    waiting.delete(reply.id);
  });
  let n = 0;
  return {
    echo: () => {
      const id = String(n++);
      return new Promise<void>((done) => {
        waiting.set(id, done);
        client.send(JSON.stringify({ type: 'request', id, method: 'POST', path: '/v1/blink' }));
      });
    },
    close: async () => {
      client.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The ceiling: a bare ws server echoing a reply frame for each request frame. */
async function echoCeiling(o: SupervisorLinkOptions): Promise<LatencySummary> {
  const bare = await openBareEcho();
  try {
    return await measure(o.iterations, o.warmup, bare.echo);
  } finally {
    await bare.close();
  }
}

export async function runSupervisorLinkBench(partial: Partial<SupervisorLinkOptions> = {}): Promise<SupervisorLinkResult> {
  const o = { ...SUPERVISOR_LINK_DEFAULTS, ...partial };
  const { database, drop } = await openBenchDatabase();
  let apps: SupervisorApps | undefined;
  let device: WebSocket | undefined;
  try {
    apps = await startSupervisorApps(database.db);
    const [urlA, urlB] = [apps.a.url, apps.b.url];

    const fleet = await createFleetWithProvisioningKey(database.db);
    const user = await createUserWithKey(database.db, fleet.applicationId, 'developer');
    const uuid = randomBytes(16).toString('hex');
    const deviceKey = generateApiKeySecret();
    const reg = await fetch(`${urlA}/device/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fleet.provisioningKey}` },
      body: JSON.stringify({ uuid, device_type: 'raspberrypi4-64', api_key: deviceKey }),
    });
    if (reg.status !== 201) throw new Error(`register → ${reg.status}: ${await reg.text()}`);
    device = new WebSocket(`${urlA.replace(/^http/, 'ws')}${DEVICE_LINK_PATH}`, { headers: { authorization: `Bearer ${deviceKey}` } });
    answerEverything(device);
    await opened(device);

    const call = async () => {
      const res = await fetch(`${urlB}/supervisor/v1/blink`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.apiKey}` },
        body: JSON.stringify({ uuid }),
      });
      const text = await res.text();
      if (res.status !== 200 || text !== 'OK') throw new Error(`supervisor → ${res.status}: ${text}`);
    };
    // The link is registered asynchronously after the upgrade: wait for the first answer.
    for (let tries = 0; ; tries++) {
      try {
        await call();
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    console.log(`supervisor-link: ${o.iterations} sequential calls on B to a device linked to A (${apps.hubKind === 'redis' ? 'Redis hub' : 'one in-memory hub'}), ${database.kind}`);
    const link = await measure(o.iterations, o.warmup, call);
    const ceiling = await echoCeiling(o);
    return {
      name: 'supervisor-link',
      options: o,
      hub: apps.hubKind,
      environment: await environmentInfo(database.kind),
      link,
      ceiling,
      ratioP50: ratio(link.medianMs, ceiling.medianMs),
      ratioP95: ratio(link.p95Ms, ceiling.p95Ms),
    };
  } finally {
    device?.close();
    await apps?.close();
    await drop();
  }
}

export function printSupervisorLink(r: SupervisorLinkResult): void {
  printTable(
    `/supervisor round trip through the link — ${r.options.iterations} sequential calls, hub: ${r.hub}, ${r.environment.database}`,
    ['path', 'p50 ms', 'p95 ms', 'min ms'],
    [
      ['POST /supervisor on B → device linked to A', r.link.medianMs, r.link.p95Ms, r.link.minMs],
      ['ceiling: direct WebSocket echo', r.ceiling.medianMs, r.ceiling.p95Ms, r.ceiling.minMs],
      ['ratio (link / echo)', `${r.ratioP50}×`, `${r.ratioP95}×`, ''],
    ],
  );
}

if (isMain(import.meta.url)) {
  const result = await runSupervisorLinkBench(readIntOptions(process.argv.slice(2), SUPERVISOR_LINK_DEFAULTS));
  writeResult('supervisor-link', result);
  printSupervisorLink(result);
}
