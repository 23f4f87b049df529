// The agent's link (apps/device LinkClient) against a live server when two agents hold one device
// key (a cloned SD card): the server closes the older link with 4409 (replaced). The agent comes
// back after a long back-off with jitter instead of giving up until restarted, so the two take
// turns slowly, and once the clone is gone the survivor is reachable again. Timings are the
// protocol's scaled down (5 min → 400 ms base, 30 min → 1.6 s cap), with the real jitter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replacedReconnectDelayMs } from '@flotilla/core/device-link';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, until } from './device-link-test-device.ts';
import { LinkClient } from '../../../device/src/link/link-client.ts';

const BASE_MS = 400;
const CAP_MS = 1600;

let ctx: TestContext;
let db: Db;
let apiUrl: string;
const clients: LinkClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop()));
  await ctx?.close();
});

interface Agent {
  client: LinkClient;
  name: string;
  /** The waits it was told after each replacement. */
  replacedWaits: number[];
}

/** One agent with the device key: answers every forwarded request with its name; `opens` gets each of its connects. */
function startAgent(name: string, deviceKey: string, opens: Array<{ name: string; at: number }>): Agent {
  const replacedWaits: number[] = [];
  const client = new LinkClient({
    apiUrl,
    deviceKey,
    mode: 'simulated',
    handler: async () => ({ status: 200, body: name }),
    onOpen: () => opens.push({ name, at: Date.now() }),
    onReplaced: (ms) => replacedWaits.push(ms),
    replacedDelay: (streak) => replacedReconnectDelayMs(streak, Math.random, BASE_MS, CAP_MS),
    replacedQuietMs: 60_000,
  });
  clients.push(client);
  client.start();
  return { client, name, replacedWaits };
}

describe('two agents with one device key (4409 replaced)', () => {
  it('take turns only after the long back-off, and the survivor comes back once the clone is gone', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerTestDevice(ctx.app, fleet);
    const user = await createUserWithKey(db, fleet.applicationId, 'developer');
    const blink = async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/supervisor/v1/blink', headers: { authorization: `Bearer ${user.apiKey}` }, payload: { uuid: device.uuid } });
      return res.statusCode === 200 ? (res.body as string) : `${res.statusCode}`;
    };
    const opens: Array<{ name: string; at: number }> = [];

    const original = startAgent('original', device.apiKey, opens);
    await until(async () => original.client.isOpen);
    await until(async () => (await blink()) === 'original');

    // The clone takes the link; the original is told to wait, not stopped.
    const clone = startAgent('clone', device.apiKey, opens);
    await until(async () => original.replacedWaits.length === 1);
    expect(original.client.isStopped).toBe(false);
    expect(original.client.stopReason).toBeNull();
    expect(original.replacedWaits[0]).toBeGreaterThanOrEqual(BASE_MS / 2);
    expect(original.replacedWaits[0]).toBeLessThan(BASE_MS);
    expect(await blink()).toBe('clone');

    // They take turns while both run, each after its back-off: never fast.
    await until(async () => clone.replacedWaits.length >= 1 && original.replacedWaits.length >= 2, 10_000);
    const turns = opens.slice(1).map((o, i) => o.at - (opens[i] as { at: number }).at);
    // The first gap is the clone's start (the test's doing); every later one is a back-off.
    for (const gap of turns.slice(1)) expect(gap).toBeGreaterThanOrEqual(BASE_MS / 2 - 50);
    // Each replacement in a row waits longer (the ceiling doubles: 400, 800 … 1600 ms).
    expect(original.replacedWaits[1]).toBeGreaterThanOrEqual(BASE_MS);

    // The clone goes away for good; the original comes back within the cap and stays.
    await clone.client.stop();
    await until(async () => original.client.isOpen, CAP_MS + 8_000);
    await until(async () => (await blink()) === 'original');
    const waitsNow = original.replacedWaits.length;
    await new Promise((r) => setTimeout(r, CAP_MS));
    expect(original.client.isOpen).toBe(true);
    expect(original.replacedWaits).toHaveLength(waitsNow);
    expect(await blink()).toBe('original');
    await expect.poll(async () => (await db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', device.id).executeTakeFirstOrThrow()).is_connected_to_vpn).toBe(true);
  }, 30_000);
});
