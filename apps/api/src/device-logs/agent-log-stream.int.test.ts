import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { until } from '../test/until.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import { HttpApiClient, type DeviceApi } from '../../../device/src/api-client.ts';
import { LogBuffer } from '../../../device/src/log-buffer.ts';
import { LogShipper } from '../../../device/src/log-shipper.ts';
import { listen, registerDevice } from './log-test-helpers.ts';

/**
 * The agent's log upload (apps/device log-shipper.ts) against a real server: lines go out on
 * the long-lived gzip log-stream as they are logged, leave the agent's buffer only once the
 * server acknowledged them (the 201 that ends a stream), and when the stream fails they go
 * through the batch route instead — none lost.
 */
let ctx: TestContext;
let db: Db;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  base = await listen(ctx.app);
});
afterAll(async () => ctx?.close());

const stored = async (deviceId: number) => (await db.selectFrom('device_log').select('message').where('device', '=', deviceId).orderBy('id').execute()).map((r) => r.message);

function shipperFor(api: DeviceApi, device: { uuid: string; apiKey: string }, opts: { maxStreamMs?: number; idleMs?: number } = {}) {
  const box: { shipper?: LogShipper } = {};
  const buffer = new LogBuffer(5000, 1000, () => box.shipper?.notify());
  box.shipper = new LogShipper({ buffer, api, identity: () => device, retryBaseMs: 200, ...opts });
  return { buffer, shipper: box.shipper };
}

describe('agent log shipping', () => {
  it('streams each line as it is logged and drops it from the buffer only when the stream is acknowledged', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerDevice(ctx.app, fleet);
    const { buffer, shipper } = shipperFor(new HttpApiClient(base), device, { maxStreamMs: 60_000, idleMs: 60_000 });
    buffer.push('Supervisor starting', Date.now());
    buffer.push('app says hi', Date.now(), 5);
    // Stored while the stream is still open: it went out at once, not at the end.
    await until('lines stored mid-stream', () => stored(device.id), (m) => m.length === 2, 5000);
    expect(buffer.pending).toHaveLength(2);
    await shipper.close();
    expect(buffer.pending).toEqual([]);
    buffer.push('after', Date.now());
    await until('a new stream carries the next line', () => stored(device.id), (m) => m.length === 3, 5000);
    await shipper.close();
    expect(await stored(device.id)).toEqual(['Supervisor starting', 'app says hi', 'after']);
    expect(buffer.pending).toEqual([]);
  });

  it('ends a stream after its maximum age so lines are acknowledged without ending the device', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerDevice(ctx.app, fleet);
    const { buffer } = shipperFor(new HttpApiClient(base), device, { maxStreamMs: 200, idleMs: 60_000 });
    for (let i = 0; i < 50; i++) buffer.push(`line ${i}`, Date.now());
    await until('acknowledged', () => Promise.resolve(buffer.pending.length), (n) => n === 0, 5000);
    expect(await stored(device.id)).toEqual(Array.from({ length: 50 }, (_, i) => `line ${i}`));
  });

  it('falls back to the batch route while the stream fails, losing nothing', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerDevice(ctx.app, fleet);
    const real = new HttpApiClient(base);
    // The stream's endpoint refuses connections (port 1); the batch route is the real server's.
    const unreachable = new HttpApiClient('http://127.0.0.1:1');
    const failures: string[] = [];
    const api: DeviceApi = { ...bindAll(real), openLogStream: (key, uuid) => unreachable.openLogStream(key, uuid) };
    const box: { shipper?: LogShipper } = {};
    const buffer = new LogBuffer(5000, 1000, () => box.shipper?.notify());
    box.shipper = new LogShipper({ buffer, api, identity: () => device, retryBaseMs: 60_000, log: (m) => failures.push(m) });
    buffer.push('one', Date.now());
    buffer.push('two', Date.now());
    await until('the stream failed', () => Promise.resolve(failures.length), (n) => n >= 1, 5000);
    expect(buffer.pending).toHaveLength(2);
    await box.shipper.flush();
    expect(buffer.pending).toEqual([]);
    expect(await stored(device.id)).toEqual(['one', 'two']);
  });

  it('a stream refused by the server (another device’s uuid) counts as failed: the lines stay', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerDevice(ctx.app, fleet);
    const other = await registerDevice(ctx.app, fleet);
    const failures: string[] = [];
    const box: { shipper?: LogShipper } = {};
    const buffer = new LogBuffer(5000, 1000, () => box.shipper?.notify());
    box.shipper = new LogShipper({ buffer, api: new HttpApiClient(base), identity: () => ({ uuid: other.uuid, apiKey: device.apiKey }), retryBaseMs: 60_000, log: (m) => failures.push(m) });
    buffer.push('forged', Date.now());
    await until('the refusal', () => Promise.resolve(failures.join()), (f) => f.includes('403'), 5000);
    expect(buffer.pending.map((l) => l.message)).toEqual(['forged']);
    expect(await stored(other.id)).toEqual([]);
  });
});

/** The client's methods as own, bound properties (so a spread keeps them). */
function bindAll(client: HttpApiClient): DeviceApi {
  return {
    register: client.register.bind(client),
    findDeviceId: client.findDeviceId.bind(client),
    exchangeDeviceKey: client.exchangeDeviceKey.bind(client),
    getTargetState: client.getTargetState.bind(client),
    patchState: client.patchState.bind(client),
    postLogs: client.postLogs.bind(client),
  };
}
