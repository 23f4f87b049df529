import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createRelease, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until, type TestDevice } from '../device-link/device-link-test-device.ts';
import { newUpdateTriggerState, runUpdateTrigger } from './update-trigger.ts';

/**
 * Instant updates (jobs/update-trigger.ts): a linked device whose state moved since its last
 * poll is told to poll now, once per change; a device that is up to date, or not linked here,
 * is left alone.
 */
let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const poll = (device: TestDevice) => ctx.app.inject({ method: 'GET', url: `/device/v3/${device.uuid}/state`, headers: { authorization: `Bearer ${device.apiKey}` } });
const updateCalls = (link: TestLink) => link.requests.filter((r) => r.method === 'POST' && r.path === '/v1/update').length;

async function linkedDevice(fleet: TestFleetWithKey): Promise<{ device: TestDevice; link: TestLink }> {
  const device = await registerTestDevice(ctx.app, fleet);
  const link = await TestLink.open(baseUrl, device.apiKey, () => ({ status: 204, body: '' }));
  await until(async () => ctx.app.linkHub.localLinks().includes(device.uuid));
  expect((await poll(device)).statusCode).toBe(200);
  // The state's tag is stored after the answer (target-tag-writer.ts): what the device was given.
  await until(async () => (await db().selectFrom('device_target_cache').select('device').where('device', '=', device.id).executeTakeFirst()) !== undefined);
  return { device, link };
}

describe('the update trigger', () => {
  // Other tests' devices may still be linked: each test looks at its own devices only.
  const tick = async (state: ReturnType<typeof newUpdateTriggerState>) => runUpdateTrigger(db(), ctx.app.linkHub, state);

  it('tells a linked device to update once its fleet has a new release, once per change, and not before', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const { device, link } = await linkedDevice(fleet);
    const idle = await linkedDevice(await createFleetWithProvisioningKey(db()));
    const state = newUpdateTriggerState();
    // The first tick looks (nothing known yet): both are up to date.
    await tick(state);
    expect(state.told.has(device.uuid)).toBe(false);
    await createRelease(db(), fleet.applicationId, { makeTarget: true });
    await tick(state);
    expect(state.told.has(device.uuid)).toBe(true);
    await until(async () => updateCalls(link) === 1);
    // Not again for the same change while the device has not polled yet.
    await tick(state);
    // The device polls and is up to date; a device variable is a new change of its own.
    expect((await poll(device)).statusCode).toBe(200);
    await tick(state);
    await db().insertInto('device_environment_variable').values({ device: device.id, name: 'GREETING', value: 'hi' }).execute();
    await tick(state);
    await until(async () => updateCalls(link) === 2);
    expect(updateCalls(link)).toBe(2);
    expect(updateCalls(idle.link)).toBe(0);
    expect(state.told.has(idle.device.uuid)).toBe(false);
    link.socket.close();
    idle.link.socket.close();
  });

  it('compares versions only after a state changed (the epoch moved), and once more on the tick after', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const { device, link } = await linkedDevice(fleet);
    const state = newUpdateTriggerState();
    await tick(state);
    await tick(state);
    // Behind without any write moving the epoch (the cache edited by hand): an idle tick does not look.
    await db().updateTable('device_target_cache').set({ basis: 'stale:stale:x' }).where('device', '=', device.id).execute();
    const epoch = state.epoch;
    await tick(state);
    if (state.epoch === epoch) expect(state.told.has(device.uuid)).toBe(false);
    // A real change moves the epoch: that tick looks, and finds the device.
    await db().insertInto('device_environment_variable').values({ device: device.id, name: 'MOVED', value: '1' }).execute();
    await tick(state);
    expect(state.epoch).not.toBe(epoch);
    expect(state.recheck).toBe(true);
    expect(state.told.has(device.uuid)).toBe(true);
    await until(async () => updateCalls(link) === 1);
    link.socket.close();
  });

  it('leaves a device that is not linked here alone', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    expect((await poll(device)).statusCode).toBe(200);
    await createRelease(db(), fleet.applicationId, { makeTarget: true });
    const state = newUpdateTriggerState();
    await tick(state);
    expect(state.told.has(device.uuid)).toBe(false);
  });
});
