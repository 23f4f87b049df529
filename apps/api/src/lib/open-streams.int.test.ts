import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { bearer, readNdjson, registerDevice, type NdjsonReader } from '../device-logs/log-test-helpers.ts';
import { LiveEventsClient } from '../live/sse-test-client.ts';
import { issueSessionToken } from '../auth/tokens.ts';

/**
 * lib/open-streams.ts over real HTTP: a caller's never-ending read streams (live events, device
 * and fleet log tails) share one bound per process, counted per user across their session and
 * API keys; one more is 429 with Retry-After, the open ones go on, and a closed one frees its slot.
 */
const LIMIT = 3;
let ctx: TestContext;
let baseUrl: string;
let fleet: TestFleetWithKey;
let device: { uuid: string };
const open: Array<{ close(): unknown }> = [];

beforeAll(async () => {
  ctx = await createTestApp({ streamsPerCaller: LIMIT });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fleet = await createFleetWithProvisioningKey(ctx.database.db);
  device = await registerDevice(ctx.app, fleet);
});
afterAll(async () => {
  for (const s of open) await s.close();
  await ctx?.close();
});

async function member(): Promise<{ session: string; apiKey: string }> {
  const db = ctx.database.db;
  const { userId, apiKey } = await createUserWithKey(db, fleet.applicationId, 'developer');
  const user = await db.selectFrom('user').select(['actor', 'username', 'email', 'jwt_secret']).where('id', '=', userId).executeTakeFirstOrThrow();
  const session = await issueSessionToken(
    { id: userId, actor: user.actor, username: user.username, email: user.email, jwt_secret: user.jwt_secret, authTime: Date.now() },
    { secret: ctx.app.config.jwtSecret, ttlSeconds: 3600 },
  );
  return { session, apiKey };
}

async function live(token: string): Promise<LiveEventsClient | { status: number; body: string }> {
  const client = await LiveEventsClient.open(baseUrl, token, { device: [device.uuid] });
  if (client instanceof LiveEventsClient) {
    open.push(client);
    await client.ready;
  }
  return client;
}

async function tail(path: string, token: string): Promise<NdjsonReader> {
  const reader = await readNdjson(`${baseUrl}${path}`, bearer(token));
  open.push(reader);
  return reader;
}

describe('open read streams per caller', () => {
  it('bounds a user across sessions, API keys, live events and log tails; others are not affected', async () => {
    const alice = await member();
    const first = await live(alice.session);
    expect(first).toBeInstanceOf(LiveEventsClient);
    expect((await tail(`/device/v2/${device.uuid}/logs?stream=1`, alice.apiKey)).status).toBe(200);
    expect((await tail(`/device/v2/fleet/${fleet.applicationId}/logs?stream=1`, alice.session)).status).toBe(200);

    // The fourth, of any kind and with either credential, is refused and says when to try again.
    const refused = await fetch(`${baseUrl}/live/v1/events?device=${device.uuid}`, { headers: bearer(alice.apiKey) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await tail(`/device/v2/${device.uuid}/logs?stream=1`, alice.session)).status).toBe(429);
    // A history read is not a stream: still served.
    const history = await fetch(`${baseUrl}/device/v2/${device.uuid}/logs`, { headers: bearer(alice.session) });
    expect(history.status).toBe(200);

    // Someone else has their own streams.
    const bob = await member();
    expect(await live(bob.session)).toBeInstanceOf(LiveEventsClient);

    // Closing one frees its slot.
    await (first as LiveEventsClient).close();
    await expect.poll(async () => {
      const again = await live(alice.session);
      return again instanceof LiveEventsClient ? 200 : again.status;
    }).toBe(200);
  });

  it('refusing a stream the caller may not read still answers 404, not 429, and takes no slot', async () => {
    const carol = await member();
    const other = await createFleetWithProvisioningKey(ctx.database.db);
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await fetch(`${baseUrl}/device/v2/fleet/${other.applicationId}/logs?stream=1`, { headers: bearer(carol.session) });
      expect(res.status).toBe(404);
    }
    expect((await tail(`/device/v2/fleet/${fleet.applicationId}/logs?stream=1`, carol.session)).status).toBe(200);
  });
});
