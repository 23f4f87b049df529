import { describe, expect, it } from 'vitest';
import { METRICS_WINDOW_SECONDS } from '@flotilla/core/device-metrics';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { createFleetWithProvisioningKey } from './device-test-factories.ts';
import { countedTestApp } from '../test/counted-app.ts';

/**
 * PATCH /device/v3/state writes a device's metric readings at most once per
 * METRICS_WINDOW_SECONDS (issue 16 W3; @flotilla/core/device-metrics), while the other fields of
 * the same reports are written as they come. The window is moved by setting
 * metrics_reported_at back in the database, not by waiting. PGlite, and PostgreSQL with
 * DATABASE_URL (test/harness.ts).
 */
const world = countedTestApp();

type Device = Awaited<ReturnType<typeof registerDevice>>;

function report(device: Device, values: Record<string, unknown>) {
  return world.counter.measure(async () => {
    const res = await world.ctx.app.inject({ method: 'PATCH', url: '/device/v3/state', headers: { authorization: `Bearer ${device.apiKey}` }, payload: { [device.uuid]: values } });
    expect(res.statusCode, res.body).toBe(200);
  });
}

const row = (device: Device) =>
  world.db
    .selectFrom('device')
    .select(['status', 'cpu_usage', 'cpu_temp', 'memory_usage', 'memory_total', 'storage_usage', 'is_undervolted', 'metrics_reported_at', 'modified_at'])
    .where('id', '=', device.id)
    .executeTakeFirstOrThrow();

const time = (t: unknown) => new Date(t as string | Date).getTime();

describe(`PATCH /device/v3/state: metrics at most once per device per ${METRICS_WINDOW_SECONDS} s`, () => {
  it('stores the first metrics, keeps them through the window while status and totals are written, and stores the newest after it', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const device = await registerDevice(world.ctx.app, fleet);
    expect((await row(device)).metrics_reported_at).toBeNull();

    // The first report of a new device: its metrics are stored at once.
    await report(device, { status: 'Idle', cpu_usage: 10, cpu_temp: 40, memory_usage: 200, memory_total: 1000, storage_usage: 30 });
    const first = await row(device);
    expect(first).toMatchObject({ status: 'Idle', cpu_usage: 10, cpu_temp: 40, memory_usage: 200, memory_total: 1000, storage_usage: 30 });
    expect(first.metrics_reported_at).not.toBeNull();

    // Within the window: the status, the total and the undervoltage warning are written; the
    // readings are not. Without an apps block: the key's owner, the UPDATE, the live push's read.
    const written = await report(device, { status: 'Downloading', cpu_usage: 90, cpu_temp: 70, memory_usage: 900, memory_total: 2000, storage_usage: 31, is_undervolted: true });
    expect(written.statements, written.statements.join('\n')).toHaveLength(3);
    const second = await row(device);
    expect(second).toMatchObject({ status: 'Downloading', memory_total: 2000, is_undervolted: true, cpu_usage: 10, cpu_temp: 40, memory_usage: 200, storage_usage: 30 });
    expect(time(second.metrics_reported_at)).toBe(time(first.metrics_reported_at));

    // Metrics only, within the window: no row written (modified_at stays), and nothing pushed
    // to the dashboard: the key's owner and the UPDATE that matched no row, nothing else.
    const quiet = await report(device, { cpu_usage: 95, memory_usage: 950 });
    const third = await row(device);
    expect(third).toMatchObject({ cpu_usage: 10, memory_usage: 200 });
    expect(time(third.modified_at)).toBe(time(second.modified_at));
    expect(quiet.statements, quiet.statements.join('\n')).toHaveLength(2);

    // The window has passed: the next report's readings (the newest) are stored, and the window starts again.
    const windowAgo = new Date(Date.now() - (METRICS_WINDOW_SECONDS + 1) * 1000);
    await world.db.updateTable('device').set({ metrics_reported_at: windowAgo }).where('id', '=', device.id).execute();
    await report(device, { cpu_usage: 50, memory_usage: 500 });
    const fourth = await row(device);
    expect(fourth).toMatchObject({ status: 'Downloading', cpu_usage: 50, memory_usage: 500, cpu_temp: 40, storage_usage: 30 });
    expect(time(fourth.metrics_reported_at)).toBeGreaterThan(windowAgo.getTime() + 30_000);
    await report(device, { cpu_usage: 51 });
    expect((await row(device)).cpu_usage).toBe(50);
  });

  it('does not start the window with readings that equal the stored ones', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const device = await registerDevice(world.ctx.app, fleet);
    await report(device, { cpu_usage: 10 });
    const windowAgo = new Date(Date.now() - (METRICS_WINDOW_SECONDS + 1) * 1000);
    await world.db.updateTable('device').set({ metrics_reported_at: windowAgo }).where('id', '=', device.id).execute();
    // The same reading again after the window: nothing to write, the window stays open…
    await report(device, { cpu_usage: 10 });
    expect(time((await row(device)).metrics_reported_at)).toBe(windowAgo.getTime());
    // …so the next change is stored at once.
    await report(device, { cpu_usage: 20 });
    expect((await row(device)).cpu_usage).toBe(20);
  });

  it('writes nulls at once (hardware metrics turned off), and the next reading into the emptied column', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const device = await registerDevice(world.ctx.app, fleet);
    await report(device, { cpu_usage: 10, memory_usage: 200 });
    // The supervisor sends null for every metric once when hardware metrics are turned off, and never again.
    await report(device, { cpu_usage: null, memory_usage: null });
    expect(await row(device)).toMatchObject({ cpu_usage: null, memory_usage: null });
    // Measured again within the window: the empty column takes its first reading at once, then the window holds.
    await report(device, { cpu_usage: 30 });
    expect(await row(device)).toMatchObject({ cpu_usage: 30, memory_usage: null });
    await report(device, { cpu_usage: 40, memory_usage: 300 });
    expect(await row(device)).toMatchObject({ cpu_usage: 30, memory_usage: 300 });
    await report(device, { cpu_usage: 50, memory_usage: 310 });
    expect(await row(device)).toMatchObject({ cpu_usage: 30, memory_usage: 300 });
  });
});
