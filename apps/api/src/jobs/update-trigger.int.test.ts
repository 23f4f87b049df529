import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createRelease, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until, type TestDevice } from '../device-link/device-link-test-device.ts';
import { runUpdateTrigger } from './update-trigger.ts';

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
  return { device, link };
}

describe('the update trigger', () => {
  it('tells a linked device to update once its fleet has a new release, once per change, and not before', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const { device, link } = await linkedDevice(fleet);
    const idle = await linkedDevice(await createFleetWithProvisioningKey(db()));
    const told = new Map<string, string>();

    expect(await runUpdateTrigger(db(), ctx.app.linkHub, told)).toEqual({ told: 0 });
    await createRelease(db(), fleet.applicationId, { makeTarget: true });
    expect(await runUpdateTrigger(db(), ctx.app.linkHub, told)).toEqual({ told: 1 });
    await until(async () => updateCalls(link) === 1);
    // Not again for the same change while the device has not polled yet.
    expect(await runUpdateTrigger(db(), ctx.app.linkHub, told)).toEqual({ told: 0 });
    // The device polls and is up to date; a device variable is a new change of its own.
    expect((await poll(device)).statusCode).toBe(200);
    expect(await runUpdateTrigger(db(), ctx.app.linkHub, told)).toEqual({ told: 0 });
    await db().insertInto('device_environment_variable').values({ device: device.id, name: 'GREETING', value: 'hi' }).execute();
    expect(await runUpdateTrigger(db(), ctx.app.linkHub, told)).toEqual({ told: 1 });
    await until(async () => updateCalls(link) === 2);
    expect(updateCalls(idle.link)).toBe(0);
    link.socket.close();
    idle.link.socket.close();
  });

  it('leaves a device that is not linked here alone', async () => {
    const fleet = await createFleetWithProvisioningKey(db());
    const device = await registerTestDevice(ctx.app, fleet);
    expect((await poll(device)).statusCode).toBe(200);
    await createRelease(db(), fleet.applicationId, { makeTarget: true });
    expect(await runUpdateTrigger(db(), ctx.app.linkHub, new Map())).toEqual({ told: 0 });
  });
});
