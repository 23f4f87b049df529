import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import { listen, openLogStream, registerDevice } from './log-test-helpers.ts';
import { MAX_UPLOADS_PER_DEVICE } from './device-logs.routes.ts';

/**
 * The per-device log line rate (log-line-rate.ts), here 10 lines a second with a 250-line
 * burst (slow, so that draining the bucket one line a post outpaces the refill even on a loaded
 * machine: a post only has to take less than 100 ms): past it a batch POST answers 429 with Retry-After, and a log-stream upload waits
 * (nothing read, nothing dropped) until its lines fit. Other devices are not held up. A device
 * has a few uploads open at most.
 */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp({ logLinesPerSecond: 10 });
  base = await listen(ctx.app);
});
afterAll(async () => ctx?.close());

const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ message: `${tag} ${i}`, timestamp: Date.now() }));
const postBatch = (device: { uuid: string; apiKey: string }, body: unknown[]) =>
  ctx.app.inject({ method: 'POST', url: `/device/v2/${device.uuid}/logs`, headers: { authorization: `Bearer ${device.apiKey}` }, payload: body });
const storedCount = async (deviceId: number) =>
  Number((await ctx.database.db.selectFrom('device_log').select((eb) => eb.fn.countAll<string>().as('n')).where('device', '=', deviceId).executeTakeFirstOrThrow()).n);

describe('device log line rate', () => {
  it('answers a batch past the burst with 429 and Retry-After, storing none of it; another device still writes', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const chatty = await registerDevice(ctx.app, fleet);
    const quiet = await registerDevice(ctx.app, fleet);
    for (let i = 0; i < 5; i++) expect((await postBatch(chatty, lines(50, `b${i}`))).statusCode).toBe(201);
    const refused = await postBatch(chatty, lines(40, 'over'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await storedCount(chatty.id)).toBe(250);
    expect((await postBatch(quiet, lines(10, 'q'))).statusCode).toBe(201);
    expect(await storedCount(quiet.id)).toBe(10);
  });

  it('holds a log-stream upload past the burst until its lines fit, and then stores every line', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const device = await registerDevice(ctx.app, fleet);
    for (let i = 0; i < 5; i++) expect((await postBatch(device, lines(50, `b${i}`))).statusCode).toBe(201);
    // The bucket refills while those are stored: single lines until one is refused leave it
    // holding less than one line, as long as a post takes under 100 ms (the refill of one line).
    let drained = 0;
    while ((await postBatch(device, lines(1, `d${drained}`))).statusCode === 201) drained += 1;
    const started = Date.now();
    const stream = openLogStream(base, device.uuid, device.apiKey);
    await stream.write(lines(10, 's'));
    const answer = await stream.end();
    expect(answer.status).toBe(201);
    // 10 lines at 10 a second from an (almost) empty bucket: not before most of a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await storedCount(device.id)).toBe(260 + drained);
  });

  it('charges blank lines of an upload to the rate too: a gzip bomb of newlines is held back, not inflated at once', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const device = await registerDevice(ctx.app, fleet);
    const stream = openLogStream(base, device.uuid, device.apiKey);
    // A million newlines gzip to about a kilobyte; each costs the server as a line does.
    await stream.write(`${'\n'.repeat(1_000_000)}${JSON.stringify({ message: 'after the bomb', timestamp: Date.now() })}\n`);
    const outcome = await Promise.race([stream.end().then(() => 'answered'), new Promise((r) => setTimeout(() => r('held'), 1500))]);
    expect(outcome).toBe('held');
    expect(await storedCount(device.id)).toBe(0);
    stream.request.destroy();
  });

  it('lets a device have MAX_UPLOADS_PER_DEVICE uploads at once: one more is 429, and none of the open ones is cut', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const device = await registerDevice(ctx.app, fleet);
    const open = Array.from({ length: MAX_UPLOADS_PER_DEVICE }, () => openLogStream(base, device.uuid, device.apiKey));
    for (const [i, up] of open.entries()) await up.write(lines(2, `up${i}`));
    await expect.poll(() => storedCount(device.id)).toBe(2 * MAX_UPLOADS_PER_DEVICE);
    const extra = openLogStream(base, device.uuid, device.apiKey);
    await extra.write(lines(1, 'extra')).catch(() => undefined);
    const refused = await extra.response;
    expect(refused.status).toBe(429);
    extra.request.destroy();
    for (const up of open) expect((await up.end()).status).toBe(201);
    expect(await storedCount(device.id)).toBe(2 * MAX_UPLOADS_PER_DEVICE);
    // Their places are free again.
    const next = openLogStream(base, device.uuid, device.apiKey);
    await next.write(lines(1, 'next'));
    expect((await next.end()).status).toBe(201);
  });
});

