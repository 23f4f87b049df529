import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MAX_TOPICS, deviceTopic, fleetDevicesTopic, type LiveMessage } from '@flotilla/core/schemas/live-events';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey, newDeviceUuid, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, type TestDevice } from '../device-link/device-link-test-device.ts';
import { issueSessionToken } from '../auth/tokens.ts';
import { startHeartbeatJob } from '../jobs/heartbeat.ts';
import { startLinkSweepJob } from '../jobs/link-sweep.ts';
import { MemoryEventBus } from './memory-event-bus.ts';
import { authPlugin } from '../plugins/auth.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import zodValidation from '../plugins/zod-validation.ts';
import { livePlugin } from './live.plugin.ts';
import { LiveEventsClient } from './sse-test-client.ts';
import { createOpenStreams } from '../lib/open-streams.ts';
import { until } from '../test/until.ts';

/**
 * GET /live/v1/events on one API process (in-memory bus) over real HTTP: what each kind of
 * device change pushes, who may subscribe, and that a closed stream leaves no subscription.
 * The two-process case (Redis) is live-events-redis.int.test.ts.
 */
let ctx: TestContext;
let baseUrl: string;
const bus = new MemoryEventBus();
const clients: LiveEventsClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, {}, { eventBus: bus });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await ctx?.close();
});

const db = () => ctx.database.db;

/** A session token (JWT) of a user who is `role` in the fleet, as the dashboard holds one. */
async function sessionFor(fleet: TestFleetWithKey, role: string | null): Promise<{ token: string; apiKey: string; userId: number }> {
  const { userId, apiKey } = await createUserWithKey(db(), fleet.applicationId, role);
  const user = await db().selectFrom('user').select(['actor', 'username', 'email', 'jwt_secret']).where('id', '=', userId).executeTakeFirstOrThrow();
  const token = await issueSessionToken(
    { id: userId, actor: user.actor, username: user.username, email: user.email, jwt_secret: user.jwt_secret, authTime: Date.now() },
    { secret: ctx.app.config.jwtSecret, ttlSeconds: 3600 },
  );
  return { token, apiKey, userId };
}

async function subscribe(token: string, topics: { device?: string[]; fleet?: number[] }): Promise<LiveEventsClient> {
  const client = await LiveEventsClient.open(baseUrl, token, topics);
  if (!(client instanceof LiveEventsClient)) throw new Error(`refused: ${client.status} ${client.body}`);
  clients.push(client);
  await client.ready;
  return client;
}

const report = (device: TestDevice, values: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/device/v3/state', headers: { authorization: `Bearer ${device.apiKey}` }, payload: { [device.uuid]: values } });

const deviceEvents = (messages: readonly LiveMessage[], topic: string) =>
  messages.filter((m) => m.topic === topic && m.event.type === 'device').map((m) => (m.event.type === 'device' ? m.event : undefined)!);

describe('what a device change pushes', () => {
  it("pushes a state report's metrics and status to the device's and the fleet's topics", async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    const { token } = await sessionFor(fleet, 'developer');
    const client = await subscribe(token, { device: [device.uuid], fleet: [fleet.applicationId] });
    expect(await client.ready).toEqual([deviceTopic(device.uuid), fleetDevicesTopic(fleet.applicationId)]);

    const res = await report(device, { cpu_usage: 71, cpu_temp: 55, memory_usage: 900, memory_total: 1000, storage_usage: 10, storage_total: 100, status: 'Idle' });
    expect(res.statusCode).toBe(200);
    await client.waitFor((m) => deviceEvents(m, deviceTopic(device.uuid)).length === 1 && deviceEvents(m, fleetDevicesTopic(fleet.applicationId)).length === 1);
    const [pushed] = deviceEvents(client.messages, deviceTopic(device.uuid));
    expect(pushed!.device).toMatchObject({ uuid: device.uuid, cpu_usage: 71, cpu_temp: 55, memory_usage: 900, memory_total: 1000, storage_usage: 10, storage_total: 100 });
    expect(pushed!.device.belongs_to__application).toEqual({ __id: fleet.applicationId });
    expect(typeof pushed!.device.overall_status).toBe('string');
    expect(deviceEvents(client.messages, fleetDevicesTopic(fleet.applicationId))[0]).toEqual(pushed);
  });

  it('pushes OData writes once they succeed: a rename, a move (left the old fleet, new in the other), a delete; a refused write pushes nothing', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const other = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    const { token, userId } = await sessionFor(fleet, 'developer');
    await db().insertInto('user_application_membership').values({ user: userId, is_member_of__application: other.applicationId, application_membership_role: (await db().selectFrom('application_membership_role').select('id').where('name', '=', 'developer').executeTakeFirstOrThrow()).id }).execute();
    const observer = await sessionFor(fleet, 'observer');
    const client = await subscribe(token, { device: [device.uuid], fleet: [fleet.applicationId, other.applicationId] });
    const patch = (t: string, body: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: `/v7/device(uuid='${device.uuid}')`, headers: { authorization: `Bearer ${t}` }, payload: body });

    expect((await patch(token, { device_name: 'renamed-live' })).statusCode).toBe(200);
    await client.waitFor((m) => deviceEvents(m, deviceTopic(device.uuid)).some((e) => e.device.device_name === 'renamed-live'));

    // An observer may not rename: nothing is pushed for the refused write.
    expect((await patch(observer.token, { device_name: 'not-allowed' })).statusCode).toBeGreaterThanOrEqual(400);

    expect((await patch(token, { belongs_to__application: other.applicationId })).statusCode).toBe(200);
    await client.waitFor((m) => m.some((x) => x.topic === fleetDevicesTopic(fleet.applicationId) && x.event.type === 'device-removed'));
    await client.waitFor((m) => deviceEvents(m, fleetDevicesTopic(other.applicationId)).some((e) => e.isNewInFleet === true));
    expect(client.messages.some((m) => m.event.type === 'device' && m.event.device.device_name === 'not-allowed')).toBe(false);
    const removed = client.messages.find((m) => m.topic === fleetDevicesTopic(fleet.applicationId) && m.event.type === 'device-removed');
    // The old fleet hears only that it left, not where it went.
    expect(removed!.event).toEqual({ type: 'device-removed', uuid: device.uuid, id: device.id });

    const del = await ctx.app.inject({ method: 'DELETE', url: `/v7/device(uuid='${device.uuid}')`, headers: { authorization: `Bearer ${token}` } });
    expect(del.statusCode).toBe(200);
    await client.waitFor((m) => m.some((x) => x.topic === deviceTopic(device.uuid) && x.event.type === 'device-removed'));
    await client.waitFor((m) => m.some((x) => x.topic === fleetDevicesTopic(other.applicationId) && x.event.type === 'device-removed'));
  });

  it('pushes the heartbeat going online on a poll, the link connecting and disconnecting, and the heartbeat job expiring it', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    const { token } = await sessionFor(fleet, 'observer');
    const client = await subscribe(token, { device: [device.uuid] });
    const states = () => deviceEvents(client.messages, deviceTopic(device.uuid)).map((e) => `${e.device.api_heartbeat_state}/${e.device.is_connected_to_vpn ? 'linked' : 'unlinked'}`);

    const poll = await ctx.app.inject({ method: 'GET', url: `/device/v3/${device.uuid}/state`, headers: { authorization: `Bearer ${device.apiKey}` } });
    expect(poll.statusCode).toBe(200);
    await client.waitFor(() => states().includes('online/unlinked'));
    const link = await TestLink.open(baseUrl, device.apiKey);
    await client.waitFor(() => states().includes('online/linked'));
    await link.close();
    await client.waitFor(() => states().filter((s) => s === 'online/unlinked').length === 2);

    // The heartbeat job finds it silent for longer than 1.5 × its poll interval.
    await db().updateTable('device').set({ last_connectivity_event: new Date(Date.now() - 3_600_000) }).where('id', '=', device.id).execute();
    const stop = startHeartbeatJob(db(), ctx.app.config, { intervalMs: 50, eventBus: ctx.app.eventBus, log: { error: () => undefined, warn: () => undefined, info: () => undefined } });
    try {
      await client.waitFor(() => states().includes('timeout/unlinked'));
    } finally {
      await stop();
    }
    const last = deviceEvents(client.messages, deviceTopic(device.uuid)).at(-1)!;
    expect(last.device.overall_status).toBe('reduced-functionality');
  });
  it("pushes a link the sweep finds held by no process (its process died) as disconnected", async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    const { token } = await sessionFor(fleet, 'developer');
    // Marked linked two minutes ago by a process that is gone: no hub holds the link.
    await db().updateTable('device').set({ is_connected_to_vpn: true, last_vpn_event: new Date(Date.now() - 120_000) }).where('id', '=', device.id).execute();
    const client = await subscribe(token, { device: [device.uuid] });
    const stop = startLinkSweepJob(db(), ctx.app.linkHub, { intervalMs: 50, eventBus: ctx.app.eventBus, log: { error: () => undefined, warn: () => undefined, info: () => undefined } });
    try {
      await client.waitFor((m) => deviceEvents(m, deviceTopic(device.uuid)).some((e) => !e.device.is_connected_to_vpn));
    } finally {
      await stop();
    }
  });
});

describe('who may subscribe', () => {
  it('answers a device or fleet the caller cannot read exactly as a missing one', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    const outsider = await sessionFor(await createFleetWithProvisioningKey(db()), 'developer');
    const hidden = await LiveEventsClient.open(baseUrl, outsider.token, { device: [device.uuid] });
    const missing = await LiveEventsClient.open(baseUrl, outsider.token, { device: [newDeviceUuid()] });
    expect(hidden).toEqual({ status: 404, body: expect.any(String) as string });
    expect(hidden).toEqual(missing);
    const hiddenFleet = await LiveEventsClient.open(baseUrl, outsider.token, { fleet: [fleet.applicationId] });
    const missingFleet = await LiveEventsClient.open(baseUrl, outsider.token, { fleet: [2_000_000_000] });
    expect(hiddenFleet).toMatchObject({ status: 404 });
    expect(hiddenFleet).toEqual(missingFleet);
    // One hidden topic among readable ones refuses the whole connection.
    const member = await sessionFor(fleet, 'developer');
    expect(await LiveEventsClient.open(baseUrl, outsider.token, { fleet: [fleet.applicationId], device: [] })).toMatchObject({ status: 404 });
    expect(await LiveEventsClient.open(baseUrl, member.token, { device: [device.uuid], fleet: [2_000_000_000] })).toMatchObject({ status: 404 });
  });

  it("refuses a public fleet's topic to a user who reads the fleet but not its devices", async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    await registerTestDevice(ctx.app, fleet);
    await db().updateTable('application').set({ is_public: true }).where('id', '=', fleet.applicationId).execute();
    const outsider = await sessionFor(await createFleetWithProvisioningKey(db()), 'developer');
    // The fleet itself is readable by anyone (public), its devices are not.
    const read = await ctx.app.inject({ method: 'GET', url: `/v7/application(${fleet.applicationId})?$select=id`, headers: { authorization: `Bearer ${outsider.token}` } });
    expect((read.json() as { d: unknown[] }).d).toHaveLength(1);
    const hiddenFleet = await LiveEventsClient.open(baseUrl, outsider.token, { fleet: [fleet.applicationId] });
    expect(hiddenFleet).toMatchObject({ status: 404 });
    expect(hiddenFleet).toEqual(await LiveEventsClient.open(baseUrl, outsider.token, { fleet: [2_000_000_000] }));
    const member = await sessionFor(fleet, 'observer');
    const heard = await LiveEventsClient.open(baseUrl, member.token, { fleet: [fleet.applicationId] });
    expect(heard).toBeInstanceOf(LiveEventsClient);
    if (heard instanceof LiveEventsClient) await heard.close();
  });

  it("takes a user's session or API key, and refuses device keys, provisioning keys and no key", async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    const member = await sessionFor(fleet, 'developer');
    const byApiKey = await subscribe(member.apiKey, { device: [device.uuid] });
    expect(await byApiKey.ready).toEqual([deviceTopic(device.uuid)]);
    expect(await LiveEventsClient.open(baseUrl, device.apiKey, { device: [device.uuid] })).toMatchObject({ status: 403 });
    expect(await LiveEventsClient.open(baseUrl, fleet.provisioningKey, { fleet: [fleet.applicationId] })).toMatchObject({ status: 403 });
    const anonymous = await fetch(`${baseUrl}/live/v1/events?device=${device.uuid}`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a bad query: no topic, a malformed uuid, more topics than one connection may hold', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const member = await sessionFor(fleet, 'developer');
    expect(await LiveEventsClient.open(baseUrl, member.token, {})).toMatchObject({ status: 400 });
    expect(await LiveEventsClient.open(baseUrl, member.token, { device: ['not-a-uuid'] })).toMatchObject({ status: 400 });
    const many = Array.from({ length: LIVE_MAX_TOPICS + 1 }, () => newDeviceUuid());
    expect(await LiveEventsClient.open(baseUrl, member.token, { device: many })).toMatchObject({ status: 400 });
  });
});

describe('the stream itself', () => {
  it('is an uncompressed event stream, and closing it unsubscribes every topic', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    const member = await sessionFor(fleet, 'developer');
    // Other tests' streams may still be open: wait until only this one is.
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await until('no topic left', () => Promise.resolve(bus.topicCount), (n) => n === 0, 5000);

    const res = await fetch(`${baseUrl}/live/v1/events?device=${device.uuid}&fleet=${fleet.applicationId}`, { headers: { authorization: `Bearer ${member.token}`, 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: ready');
    expect(bus.topicCount).toBe(2);
    await reader.cancel();
    await until('the topics freed', () => Promise.resolve(bus.topicCount), (n) => n === 0, 5000);
  });
});

describe('keep-alives and access over time', () => {
  it("sends a keep-alive comment each period, and ends the stream once the caller can no longer read the device or its credential is gone", async () => {
    // The route alone on its own server with a 100 ms period instead of 25 s.
    const quick = Fastify();
    quick.decorate('db', ctx.database.db);
    quick.decorate('config', ctx.app.config);
    quick.decorate('eventBus', bus);
    quick.decorate('openStreams', createOpenStreams());
    registerErrorHandler(quick);
    await quick.register(authPlugin);
    await quick.register(zodValidation);
    await quick.register(livePlugin, { keepAliveMs: 100 });
    const quickUrl = await quick.listen({ port: 0, host: '127.0.0.1' });
    try {
      const fleet = await createFleetWithProvisioningKey(db());
      const device = await registerTestDevice(ctx.app, fleet);
      const member = await sessionFor(fleet, 'developer');
      const client = await LiveEventsClient.open(quickUrl, member.token, { device: [device.uuid] });
      if (!(client instanceof LiveEventsClient)) throw new Error(`refused: ${client.status}`);
      clients.push(client);
      await client.ready;
      await until('two keep-alives', () => Promise.resolve(client.comments), (n) => n >= 2, 5000);
      let isEnded = false;
      void client.ended.then(() => (isEnded = true));
      expect(isEnded).toBe(false);
      // Removed from the fleet: the next check ends the stream.
      await db().deleteFrom('user_application_membership').where('user', '=', member.userId).execute();
      await until('the stream ended', () => Promise.resolve(isEnded), (v) => v, 5000);
      expect(await LiveEventsClient.open(quickUrl, member.token, { device: [device.uuid] })).toMatchObject({ status: 404 });

      // A stream opened with an API key ends once the key is deleted, though the member still reads the device.
      const keyed = await sessionFor(fleet, 'developer');
      const byKey = await LiveEventsClient.open(quickUrl, keyed.apiKey, { device: [device.uuid] });
      if (!(byKey instanceof LiveEventsClient)) throw new Error(`refused: ${byKey.status}`);
      clients.push(byKey);
      await byKey.ready;
      await until('two keep-alives', () => Promise.resolve(byKey.comments), (n) => n >= 2, 5000);
      let isKeyStreamEnded = false;
      void byKey.ended.then(() => (isKeyStreamEnded = true));
      expect(isKeyStreamEnded).toBe(false);
      const { actor } = await db().selectFrom('user').select('actor').where('id', '=', keyed.userId).executeTakeFirstOrThrow();
      await db().deleteFrom('api_key').where('is_of__actor', '=', actor).execute();
      await until('the key stream ended', () => Promise.resolve(isKeyStreamEnded), (v) => v, 5000);
    } finally {
      await quick.close();
    }
  });
});
