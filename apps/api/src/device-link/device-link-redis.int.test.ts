import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ONLINE_DEVICES } from '@flotilla/core/device-link';
import type { TestContext } from '../test/harness.ts';
import { startTwoProcesses, type TwoProcesses } from '../test/two-processes.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until } from './device-link-test-device.ts';
import { LINK_CLOSE } from '@flotilla/core/device-link';

/**
 * Two API processes on one database, each with its own Redis hub (DESIGN.md "Live data and
 * scale-out"): a device linked to one is reached from the other. Runs where REDIS_URL names a
 * Redis (the PostgreSQL lane of `npm test`; CI's machine runs one); one process needs none.
 */
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('device links across API processes (Redis)', () => {
  let processes: TwoProcesses;
  let first: TestContext;
  let second: FastifyInstance;
  let firstUrl: string;
  let secondUrl: string;
  const links: TestLink[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses(redisUrl!);
    ({ first, firstUrl, second, secondUrl } = processes);
  });

  afterAll(async () => {
    await Promise.all(links.map((l) => l.close()));
    await processes?.close();
  });


  const linked = (id: number) => first.database.db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', id).executeTakeFirstOrThrow();

  it('forwards a call made on one process to the device linked to the other, and back', async () => {
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const device = await registerTestDevice(first.app, fleet);
    const link = await TestLink.open(firstUrl, device.apiKey, (request) => ({ status: 423, body: { Data: '', Error: `locked at ${request.path}` } }));
    links.push(link);
    await until(async () => (await linked(device.id)).is_connected_to_vpn);
    const user = await createUserWithKey(first.database.db, fleet.applicationId, 'developer');
    const res = await second.inject({ method: 'POST', url: '/supervisor/v1/reboot', headers: { authorization: `Bearer ${user.apiKey}` }, payload: { deviceId: device.id, data: { force: false } } });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ Data: '', Error: 'locked at /v1/reboot' });
    expect(link.requests).toHaveLength(1);
  });

  it('answers "no online device" at once when no process holds the link, even if the database says linked', async () => {
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const device = await registerTestDevice(first.app, fleet);
    // A process that died with the link open leaves the flag behind.
    await first.database.db.updateTable('device').set({ is_connected_to_vpn: true }).where('id', '=', device.id).execute();
    const user = await createUserWithKey(first.database.db, fleet.applicationId, 'developer');
    const res = await second.inject({ method: 'POST', url: '/supervisor/v1/blink', headers: { authorization: `Bearer ${user.apiKey}` }, payload: { uuid: device.uuid } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(NO_ONLINE_DEVICES);
  });

  it('closes the stale link on one process when the device links to the other', async () => {
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const device = await registerTestDevice(first.app, fleet);
    const stale = await TestLink.open(firstUrl, device.apiKey, () => ({ status: 200, body: 'stale' }));
    links.push(stale);
    await until(async () => (await linked(device.id)).is_connected_to_vpn);
    const fresh = await TestLink.open(secondUrl, device.apiKey, () => ({ status: 200, body: 'fresh' }));
    links.push(fresh);
    expect(await stale.closed).toMatchObject({ code: LINK_CLOSE.replaced });
    const user = await createUserWithKey(first.database.db, fleet.applicationId, 'developer');
    const res = await first.app.inject({ method: 'POST', url: '/supervisor/v1/blink', headers: { authorization: `Bearer ${user.apiKey}` }, payload: { uuid: device.uuid } });
    expect(res.body).toBe('fresh');
    expect((await linked(device.id)).is_connected_to_vpn).toBe(true);
  });

  it("tells either process which devices are linked anywhere (the sweep's view), until the link ends", async () => {
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const device = await registerTestDevice(first.app, fleet);
    const link = await TestLink.open(firstUrl, device.apiKey);
    links.push(link);
    await until(async () => (await linked(device.id)).is_connected_to_vpn);
    expect(await second.linkHub.linkedAmong([device.uuid, 'f'.repeat(32)])).toEqual(new Set([device.uuid]));
    await link.close();
    await until(async () => !(await linked(device.id)).is_connected_to_vpn);
    expect(await second.linkHub.linkedAmong([device.uuid])).toEqual(new Set());
  });
});
