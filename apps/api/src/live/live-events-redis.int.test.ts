import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic, fleetDevicesTopic } from '@flotilla/core/schemas/live-events';
import type { TestContext } from '../test/harness.ts';
import { startTwoProcesses, type TwoProcesses } from '../test/two-processes.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice } from '../device-link/device-link-test-device.ts';
import { LiveEventsClient } from './sse-test-client.ts';

/**
 * Two API processes on one database, each with its own Redis event bus (DESIGN.md "Live data
 * and scale-out"): a device reports to process A, the browser's stream is held by process B.
 * Runs where REDIS_URL names a Redis (the PostgreSQL lane of `npm test`).
 */
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('live events across API processes (Redis)', () => {
  let processes: TwoProcesses;
  let first: TestContext;
  let second: FastifyInstance;
  let firstUrl: string;
  let secondUrl: string;
  const clients: LiveEventsClient[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses(redisUrl!);
    ({ first, firstUrl, second, secondUrl } = processes);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await processes?.close();
  });

  it('a report on process A reaches a stream on process B within a second, once per topic, in order', async () => {
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const device = await registerTestDevice(first.app, fleet);
    const user = await createUserWithKey(first.database.db, fleet.applicationId, 'developer');
    const client = await LiveEventsClient.open(secondUrl, user.apiKey, { device: [device.uuid], fleet: [fleet.applicationId] });
    if (!(client instanceof LiveEventsClient)) throw new Error(`refused: ${client.status}`);
    clients.push(client);
    await client.ready;

    for (let i = 1; i <= 5; i++) {
      const sentAt = performance.now();
      const res = await first.app.inject({ method: 'PATCH', url: '/device/v3/state', headers: { authorization: `Bearer ${device.apiKey}` }, payload: { [device.uuid]: { ip_address: `10.0.0.${i}` } } });
      expect(res.statusCode).toBe(200);
      await client.waitFor((m) => m.filter((x) => x.topic === deviceTopic(device.uuid)).length === i, 1000);
      expect(client.messages.at(-1)!.at - sentAt).toBeLessThan(1000);
    }
    await client.waitFor((m) => m.filter((x) => x.topic === fleetDevicesTopic(fleet.applicationId)).length === 5, 1000);
    const seen = (topic: string) => client.messages.filter((m) => m.topic === topic).map((m) => (m.event.type === 'device' ? m.event.device.ip_address : null));
    const sent = [1, 2, 3, 4, 5].map((i) => `10.0.0.${i}`);
    expect(seen(deviceTopic(device.uuid))).toEqual(sent);
    expect(seen(fleetDevicesTopic(fleet.applicationId))).toEqual(sent);
  });

  it("a rename through process B's OData reaches a stream on process A", async () => {
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const device = await registerTestDevice(first.app, fleet);
    const user = await createUserWithKey(first.database.db, fleet.applicationId, 'developer');
    const client = await LiveEventsClient.open(firstUrl, user.apiKey, { fleet: [fleet.applicationId] });
    if (!(client instanceof LiveEventsClient)) throw new Error(`refused: ${client.status}`);
    clients.push(client);
    await client.ready;
    const res = await second.inject({ method: 'PATCH', url: `/v7/device(${device.id})`, headers: { authorization: `Bearer ${user.apiKey}` }, payload: { device_name: 'seen-elsewhere' } });
    expect(res.statusCode).toBe(200);
    await client.waitFor((m) => m.some((x) => x.event.type === 'device' && x.event.device.device_name === 'seen-elsewhere'), 1000);
  });
});
