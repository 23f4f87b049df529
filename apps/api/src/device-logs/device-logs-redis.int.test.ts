import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/harness.ts';
import { startTwoProcesses, type TwoProcesses } from '../test/two-processes.ts';
import { until } from '../test/until.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { bearer, openLogStream, readNdjson, registerDevice } from './log-test-helpers.ts';

/**
 * Two API processes on one database, each with its own Redis event bus (DESIGN.md "Live data
 * and scale-out"): the device uploads to process A, the reader's stream is held by process B.
 * Runs where REDIS_URL names a Redis.
 */
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('device logs across API processes (Redis)', () => {
  let processes: TwoProcesses;
  let first: TestContext;
  let firstUrl: string;
  let secondUrl: string;

  beforeAll(async () => {
    processes = await startTwoProcesses(redisUrl!);
    ({ first, firstUrl, secondUrl } = processes);
  });

  afterAll(async () => {
    await processes?.close();
  });


  it('a line uploaded to process A arrives on device and fleet streams held by process B', async () => {
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const device = await registerDevice(first.app, fleet);
    const reader = await createUserWithKey(first.database.db, fleet.applicationId, 'observer');
    const deviceStream = await readNdjson(`${secondUrl}/device/v2/${device.uuid}/logs?stream=1&count=0`, bearer(reader.apiKey));
    const fleetStream = await readNdjson(`${secondUrl}/device/v2/fleet/${fleet.applicationId}/logs?stream=1&count=0`, bearer(reader.apiKey));
    try {
      expect(deviceStream.status).toBe(200);
      expect(fleetStream.status).toBe(200);
      const up = openLogStream(firstUrl, device.uuid, device.apiKey);
      await up.write([{ message: 'from A', timestamp: Date.now(), serviceId: 9 }]);
      const got = (s: typeof deviceStream) => () => Promise.resolve(s.lines.filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>));
      const [onDevice] = await until('the line on B (device)', got(deviceStream), (l) => l.length === 1, 5000);
      expect(onDevice).toMatchObject({ message: 'from A', serviceId: 9, isSystem: false });
      const [onFleet] = await until('the line on B (fleet)', got(fleetStream), (l) => l.length === 1, 5000);
      expect(onFleet).toMatchObject({ message: 'from A', uuid: device.uuid });
      expect((await up.end()).status).toBe(201);
    } finally {
      deviceStream.close();
      fleetStream.close();
    }
  });
});
