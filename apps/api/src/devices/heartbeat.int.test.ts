import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { runHeartbeatTick, startHeartbeatJob } from '../jobs/heartbeat.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, newDeviceUuid, type TestFleetWithKey } from './device-test-factories.ts';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestApp({ defaultPollIntervalMs: 600_000, heartbeatOfflineGraceSeconds: 15 });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

/** A registered device that has polled once (`beforePoll` runs between: its own variables, say), its state's tag stored. */
async function onlineDevice(fleet: TestFleetWithKey, beforePoll?: (id: number) => Promise<unknown>) {
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/device/register',
    headers: { authorization: `Bearer ${fleet.provisioningKey}` },
    payload: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey },
  });
  expect(reg.statusCode).toBe(201);
  await beforePoll?.((reg.json() as { id: number }).id);
  const poll = await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: { authorization: `Bearer ${apiKey}` } });
  expect(poll.statusCode).toBe(200);
  const row = await state(uuid);
  // The state's tag (with the interval it gave) is written after the answer (target-tag-writer.ts).
  await expect.poll(async () => (await db.selectFrom('device_target_cache').select('device').where('device', '=', row.id).executeTakeFirst()) !== undefined).toBe(true);
  expect(row.api_heartbeat_state).toBe('online');
  return { uuid, apiKey, id: row.id as number, polledAt: new Date(row.last_connectivity_event as Date) };
}

const state = (uuid: string) =>
  db
    .selectFrom('device')
    .select(['id', 'api_heartbeat_state', 'is_online', 'last_connectivity_event', 'changed_api_heartbeat_state_on__date'])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();

const after = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('heartbeat expiry', () => {
  it('moves online → timeout after 1.5 × the default interval, then → offline after the grace period', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const d = await onlineDevice(fleet);

    // Inside 1.5 × 10 min: still online.
    await runHeartbeatTick(db, ctx.app.config, after(d.polledAt, 850_000));
    expect((await state(d.uuid)).api_heartbeat_state).toBe('online');

    const t1 = after(d.polledAt, 901_000);
    const r1 = await runHeartbeatTick(db, ctx.app.config, t1);
    expect(r1.ran).toBe(true);
    expect(r1.timedOut).toBeGreaterThanOrEqual(1);
    const timedOut = await state(d.uuid);
    expect(timedOut.api_heartbeat_state).toBe('timeout');
    expect(timedOut.is_online).toBe(false);
    expect(new Date(timedOut.changed_api_heartbeat_state_on__date as Date).getTime()).toBe(t1.getTime());

    // Within the grace period: still timeout.
    await runHeartbeatTick(db, ctx.app.config, after(t1, 10_000));
    expect((await state(d.uuid)).api_heartbeat_state).toBe('timeout');

    const t2 = after(t1, 16_000);
    const r2 = await runHeartbeatTick(db, ctx.app.config, t2);
    expect(r2.offline).toBeGreaterThanOrEqual(1);
    const offline = await state(d.uuid);
    expect(offline.api_heartbeat_state).toBe('offline');
    expect(offline.is_online).toBe(false);
    expect(new Date(offline.changed_api_heartbeat_state_on__date as Date).getTime()).toBe(t2.getTime());
  });

  it('uses the device config var over the fleet config var over the default', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    await db.insertInto('application_config_variable').values({ application: fleet.applicationId, name: 'RESIN_SUPERVISOR_POLL_INTERVAL', value: '60000' }).execute();
    const fleetVar = await onlineDevice(fleet);
    const deviceVar = await onlineDevice(fleet, (id) => db.insertInto('device_config_variable').values({ device: id, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '20000' }).execute());

    const base = fleetVar.polledAt > deviceVar.polledAt ? fleetVar.polledAt : deviceVar.polledAt;
    await runHeartbeatTick(db, ctx.app.config, after(base, 31_000)); // > 1.5 × 20 s, < 1.5 × 60 s
    expect((await state(deviceVar.uuid)).api_heartbeat_state).toBe('timeout');
    expect((await state(fleetVar.uuid)).api_heartbeat_state).toBe('online');
    await runHeartbeatTick(db, ctx.app.config, after(base, 91_000));
    expect((await state(fleetVar.uuid)).api_heartbeat_state).toBe('timeout');
  });

  it('times a device out on the interval of the state it last got, not one set since (it learns that at its next poll)', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    await db.insertInto('application_config_variable').values({ application: fleet.applicationId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '600000' }).execute();
    const device = await onlineDevice(fleet);
    // Lowered after the poll: the device still waits 10 minutes for its next one.
    await db.insertInto('device_config_variable').values({ device: device.id, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '60000' }).execute();
    await runHeartbeatTick(db, ctx.app.config, after(device.polledAt, 120_000)); // > 1.5 × 60 s, < 1.5 × 600 s
    expect((await state(device.uuid)).api_heartbeat_state).toBe('online');
    await runHeartbeatTick(db, ctx.app.config, after(device.polledAt, 901_000));
    expect((await state(device.uuid)).api_heartbeat_state).toBe('timeout');
  });

  it('reads BALENA_ before RESIN_ on each layer and skips a value that is not a positive integer', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    await db
      .insertInto('application_config_variable')
      .values([
        { application: fleet.applicationId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: 'soon' },
        { application: fleet.applicationId, name: 'RESIN_SUPERVISOR_POLL_INTERVAL', value: '60000' },
      ])
      .execute();
    const fleetVar = await onlineDevice(fleet);
    const bothNames = await onlineDevice(fleet, (id) =>
      db
        .insertInto('device_config_variable')
        .values([
          { device: id, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '20000' },
          { device: id, name: 'RESIN_SUPERVISOR_POLL_INTERVAL', value: '600000' },
        ])
        .execute(),
    );
    // Not positive: skipped, so the fleet's valid RESIN_ value (60 s) applies.
    const zero = await onlineDevice(fleet, (id) => db.insertInto('device_config_variable').values({ device: id, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '0' }).execute());

    const base = [fleetVar, bothNames, zero].map((d) => d.polledAt).reduce((a, b) => (a > b ? a : b));
    await runHeartbeatTick(db, ctx.app.config, after(base, 31_000)); // > 1.5 × 20 s, < 1.5 × 60 s
    expect((await state(bothNames.uuid)).api_heartbeat_state).toBe('timeout');
    expect((await state(fleetVar.uuid)).api_heartbeat_state).toBe('online');
    expect((await state(zero.uuid)).api_heartbeat_state).toBe('online');
    await runHeartbeatTick(db, ctx.app.config, after(base, 91_000));
    expect((await state(fleetVar.uuid)).api_heartbeat_state).toBe('timeout');
    expect((await state(zero.uuid)).api_heartbeat_state).toBe('timeout');
  });

  it('writes the heartbeat of a poll once the last write is older than 5 s or than a quarter of the interval', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const slow = await onlineDevice(fleet);
    const fast = await onlineDevice(fleet);
    await db.insertInto('device_config_variable').values({ device: fast.id, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '4000' }).execute();
    const seenAgo = async (d: { id: number; uuid: string; apiKey: string }, ms: number) => {
      const at = new Date(Date.now() - ms);
      await db.updateTable('device').set({ last_connectivity_event: at }).where('id', '=', d.id).execute();
      const res = await ctx.app.inject({ method: 'GET', url: `/device/v3/${d.uuid}/state`, headers: { authorization: `Bearer ${d.apiKey}` } });
      expect(res.statusCode).toBe(200);
      return new Date((await state(d.uuid)).last_connectivity_event as Date).getTime() !== at.getTime();
    };
    // Default interval (10 min): its quarter is past 5 s, so 5 s is the gap.
    expect(await seenAgo(slow, 3_000), 'written 3 s ago: not again').toBe(false);
    expect(await seenAgo(slow, 6_000), 'written 6 s ago: again').toBe(true);
    // A 4 s interval: a quarter is 1 s.
    expect(await seenAgo(fast, 500), 'written 0.5 s ago: not again').toBe(false);
    expect(await seenAgo(fast, 2_000), 'written 2 s ago: again').toBe(true);
  });

  it('a poll brings an offline device back online', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const d = await onlineDevice(fleet);
    const longAgo = new Date('2020-01-01T00:00:00Z');
    await db
      .updateTable('device')
      .set({ api_heartbeat_state: 'offline', is_online: false, changed_api_heartbeat_state_on__date: longAgo })
      .where('id', '=', d.id)
      .execute();
    const poll = await ctx.app.inject({ method: 'GET', url: `/device/v3/${d.uuid}/state`, headers: { authorization: `Bearer ${d.apiKey}` } });
    expect(poll.statusCode).toBe(200);
    const row = await state(d.uuid);
    expect(row.api_heartbeat_state).toBe('online');
    expect(row.is_online).toBe(true);
    expect(new Date(row.changed_api_heartbeat_state_on__date as Date).getTime()).toBeGreaterThan(longAgo.getTime());
  });

  it('runs periodically once started and stops cleanly', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    await db.insertInto('application_config_variable').values({ application: fleet.applicationId, name: 'RESIN_SUPERVISOR_POLL_INTERVAL', value: '100' }).execute();
    const d = await onlineDevice(fleet);
    let ticks = 0;
    const stop = startHeartbeatJob(db, ctx.app.config, { intervalMs: 50, onTick: () => (ticks += 1) });
    const deadline = Date.now() + 5000;
    while ((await state(d.uuid)).api_heartbeat_state === 'online' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await stop();
    expect(ticks).toBeGreaterThan(0);
    expect((await state(d.uuid)).api_heartbeat_state).toBe('timeout');
    const ticksAtStop = ticks;
    await new Promise((r) => setTimeout(r, 150));
    expect(ticks).toBe(ticksAtStop);
  });
});
