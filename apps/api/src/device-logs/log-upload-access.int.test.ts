import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { until } from '../test/until.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { listen, openLogStream, registerDevice } from './log-test-helpers.ts';

/**
 * The supervisor's log upload stays open for as long as it runs: its key is asked again now and
 * then (logUploadAccessCheckMs), so a device key revoked because it leaked stops writing lines
 * into the device's logs, instead of writing them for as long as its holder's connection lives.
 */
const CHECK_MS = 100;
let ctx: TestContext;
let db: Db;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp({ logUploadAccessCheckMs: CHECK_MS, logLinesPerSecond: 0 });
  db = ctx.database.db;
  base = await listen(ctx.app);
});
afterAll(async () => ctx?.close());

const stored = async (deviceId: number) => (await db.selectFrom('device_log').select('message').where('device', '=', deviceId).orderBy('id').execute()).map((r) => r.message);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a long-lived log upload', () => {
  it('is ended with 401 and hung up once the key it was opened with is revoked, and stores nothing sent after', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const admin = await createUserWithKey(db, fleet.applicationId, 'administrator');
    const device = await registerDevice(ctx.app, fleet);
    const minted = await ctx.app.inject({ method: 'POST', url: `/api-key/device/${device.id}/device-key`, headers: { authorization: `Bearer ${admin.apiKey}` }, payload: { name: 'leaked' } });
    expect(minted.statusCode, minted.body).toBe(200);
    const upload = openLogStream(base, device.uuid, minted.json<string>());
    await upload.write([{ message: 'before', timestamp: Date.now() }]);
    await until('first line stored', () => stored(device.id), (m) => m.length === 1, 5000);
    const socket = upload.request.socket!;
    const key = await db.selectFrom('api_key').select('id').where('name', '=', 'leaked').where('is_of__actor', '=', (eb) => eb.selectFrom('device').select('actor').where('id', '=', device.id)).executeTakeFirstOrThrow();
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/v7/api_key(${key.id})`, headers: { authorization: `Bearer ${admin.apiKey}` } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await pause(CHECK_MS * 2);
    for (let i = 0; i < 3; i++) {
      await upload.write([{ message: `after ${i}`, timestamp: Date.now() }]).catch(() => undefined);
      await pause(CHECK_MS);
    }
    expect((await upload.response).status).toBe(401);
    expect(await stored(device.id)).toEqual(['before']);
    // And the server hangs up: the rest of the body is not left to be sent into an unread socket.
    await new Promise((closed) => (socket.destroyed ? closed(null) : socket.once('close', closed)));
  });

  it('goes on storing while its key stands, across many checks', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerDevice(ctx.app, fleet);
    const upload = openLogStream(base, device.uuid, device.apiKey);
    for (let i = 0; i < 4; i++) {
      await upload.write([{ message: `line ${i}`, timestamp: Date.now() }]);
      await pause(CHECK_MS);
    }
    expect((await upload.end()).status).toBe(201);
    expect(await stored(device.id)).toEqual(['line 0', 'line 1', 'line 2', 'line 3']);
  });
});
