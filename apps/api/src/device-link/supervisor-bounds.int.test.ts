import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MAX_FRAME_BYTES, NO_ONLINE_DEVICES, SUPERVISOR_MAX_DATA_BYTES } from '@flotilla/core/device-link';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until, type Answer, type TestDevice } from './device-link-test-device.ts';
import { FLEET_ENTRY_MAX_BYTES, FLEET_ENTRY_TOO_LARGE } from './supervisor.routes.ts';

/**
 * What a `/supervisor` call may carry and what a device's answer may do (supervisor.routes.ts):
 * the size of `data`, a link its device does not read, statuses not passed on, Flotilla's own
 * agent paths, frozen devices. Real links over WebSockets, on PGlite (and PostgreSQL with
 * DATABASE_URL).
 */
const DEADLINE_MS = 1000;
let ctx: TestContext;
let db: Db;
let baseUrl: string;
const links: TestLink[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ supervisorDeadlineMs: DEADLINE_MS });
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const l of links) l.socket.resume();
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
});

function supervisor(key: string, path: string, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: `/supervisor${path}`, headers: { authorization: `Bearer ${key}` }, payload: body });
}

async function linkedDevice(fleet: TestFleetWithKey, answer?: Answer): Promise<{ device: TestDevice; link: TestLink }> {
  const device = await registerTestDevice(ctx.app, fleet);
  const link = await TestLink.open(baseUrl, device.apiKey, answer);
  links.push(link);
  await until(async () => (await db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', device.id).executeTakeFirstOrThrow()).is_connected_to_vpn);
  return { device, link };
}

/** A JSON string value whose serialised form is exactly `bytes` long. */
const dataOfBytes = (bytes: number) => 'x'.repeat(bytes - 2);

describe('the size of data', () => {
  it('refuses data over SUPERVISOR_MAX_DATA_BYTES with a 400 naming the bound, sending nothing; data at the bound is forwarded', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, link } = await linkedDevice(fleet);
    const admin = (await createUserWithKey(db, fleet.applicationId, 'administrator')).apiKey;
    for (const target of [{ uuid: device.uuid }, { appId: fleet.applicationId }]) {
      const res = await supervisor(admin, '/v1/blink', { ...target, data: dataOfBytes(SUPERVISOR_MAX_DATA_BYTES + 1) });
      expect(res.statusCode, JSON.stringify(target)).toBe(400);
      expect(res.json()).toEqual({ code: 'supervisor_data_too_large', error: `data is too large: at most ${SUPERVISOR_MAX_DATA_BYTES / 1024} KiB of JSON is sent to a device` });
    }
    // Counted in UTF-8 bytes of its JSON, not characters: 'é' takes two.
    expect((await supervisor(admin, '/v1/blink', { uuid: device.uuid, data: { text: 'é'.repeat(SUPERVISOR_MAX_DATA_BYTES / 2) } })).statusCode).toBe(400);
    // A body bigger than a link frame is not even read.
    expect((await supervisor(admin, '/v1/blink', { uuid: device.uuid, data: dataOfBytes(LINK_MAX_FRAME_BYTES + 1) })).statusCode).toBe(413);
    expect(link.requests).toHaveLength(0);
    const atBound = await supervisor(admin, '/v1/blink', { uuid: device.uuid, data: dataOfBytes(SUPERVISOR_MAX_DATA_BYTES) });
    expect(atBound.statusCode).toBe(200);
    expect(link.requests).toHaveLength(1);
    expect(String(link.requests[0]!.body)).toHaveLength(SUPERVISOR_MAX_DATA_BYTES - 2);
  });
});

describe('a link its device does not read', () => {
  it('refuses calls, unsent, once too much waits for the device, as an unreachable device; the link serves again once read', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    // Silent to the big calls (they stay pending), answers a blink.
    const { device, link } = await linkedDevice(fleet, (request) => (request.path === '/v1/blink' ? { status: 200, body: 'OK' } : null));
    const admin = (await createUserWithKey(db, fleet.applicationId, 'administrator')).apiKey;
    link.socket.pause();
    // ~30 MiB in all: past what the kernel's socket buffers take on loopback, then past the bound.
    const calls = 480;
    const answers = await Promise.all(Array.from({ length: calls }, () => supervisor(admin, '/v1/update', { uuid: device.uuid, data: dataOfBytes(SUPERVISOR_MAX_DATA_BYTES - 1024) })));
    const statuses = answers.map((a) => a.statusCode);
    const sent = statuses.filter((s) => s === 504).length;
    const refused = answers.filter((a) => a.statusCode === 404);
    expect(sent + refused.length).toBe(calls);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body).toBe(NO_ONLINE_DEVICES);
    link.socket.resume();
    // The device gets exactly the calls that were sent: the refused ones were never queued.
    await until(async () => link.requests.length >= sent, 10_000);
    const blink = await supervisor(admin, '/v1/blink', { uuid: device.uuid });
    expect(blink.statusCode).toBe(200);
    expect(link.requests.filter((r) => r.path === '/v1/update')).toHaveLength(sent);
  }, 30_000);
});

describe("a device's status", () => {
  const answerWithPathStatus: Answer = (request) => {
    const status = /^\/v1\/status\/(\d+)$/.exec(request.path);
    return status ? { status: Number(status[1]), body: { Data: '', Error: `answered ${status[1]}` } } : { status: 200, body: 'OK' };
  };

  it('is a 502 carrying the status and body for a 401, a 407 or a 1xx; other statuses pass through as they came', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device } = await linkedDevice(fleet, answerWithPathStatus);
    const admin = (await createUserWithKey(db, fleet.applicationId, 'administrator')).apiKey;
    for (const status of [401, 407, 101]) {
      const res = await supervisor(admin, `/v1/status/${status}`, { uuid: device.uuid });
      expect(res.statusCode, String(status)).toBe(502);
      expect(res.json()).toEqual({ message: `The device answered with status ${status}`, statusCode: status, body: { Data: '', Error: `answered ${status}` } });
    }
    for (const status of [200, 403, 423, 500, 503]) {
      const res = await supervisor(admin, `/v1/status/${status}`, { uuid: device.uuid });
      expect(res.statusCode, String(status)).toBe(status);
      expect(res.json()).toEqual({ Data: '', Error: `answered ${status}` });
    }
    // A fleet-wide call's own status is 207: its entries keep the device's status.
    const fleetWide = await supervisor(admin, '/v1/status/401', { appId: fleet.applicationId });
    expect(fleetWide.statusCode).toBe(207);
    expect(fleetWide.json()).toEqual([{ statusCode: 401, body: { Data: '', Error: 'answered 401' } }]);
  });

  it('keeps a fleet-wide answer small: a device body over FLEET_ENTRY_MAX_BYTES is replaced by a note', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const big = 'x'.repeat(FLEET_ENTRY_MAX_BYTES + 1);
    await linkedDevice(fleet, (request) => ({ status: 200, body: request.path === '/v1/big' ? big : 'small' }));
    const admin = (await createUserWithKey(db, fleet.applicationId, 'administrator')).apiKey;
    const res = await supervisor(admin, '/v1/big', { appId: fleet.applicationId });
    expect(res.statusCode).toBe(207);
    expect(res.json()).toEqual([{ statusCode: 200, body: { message: FLEET_ENTRY_TOO_LARGE } }]);
    const small = await supervisor(admin, '/v1/small', { appId: fleet.applicationId });
    expect(small.json()).toEqual([{ statusCode: 200, body: 'small' }]);
  });
});

describe("Flotilla's own agent paths", () => {
  it('are refused on /supervisor whatever the method or letter case, and never reach the device', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, link } = await linkedDevice(fleet);
    const admin = (await createUserWithKey(db, fleet.applicationId, 'administrator')).apiKey;
    const reserved: Array<[string, string]> = [
      ['/v1/os-update', 'POST'],
      ['/V1/OS-Update', 'POST'],
      ['/v1/os-update/x', 'POST'],
      ['/v1/diagnostics/checks', 'POST'],
      ['/v1/diagnostics/diagnose', 'GET'],
      ['/v1/Diagnostics/Checks', 'GET'],
    ];
    for (const [path, method] of reserved) {
      const res = await supervisor(admin, path, { uuid: device.uuid, method, data: { target_version: '6.0.13', type: 'balenahup' } });
      expect(res.statusCode, `${method} ${path}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'supervisor_path_reserved' });
    }
    expect(link.requests).toHaveLength(0);
    // Their neighbours are ordinary supervisor paths.
    expect((await supervisor(admin, '/v1/os-updates', { uuid: device.uuid })).statusCode).toBe(200);
    expect((await supervisor(admin, '/v2/diagnostics/checks', { uuid: device.uuid })).statusCode).toBe(200);
  });
});

describe('a frozen device', () => {
  it('gets no call, one by one or fleet-wide, even frozen while its link is open', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const frozen = await linkedDevice(fleet, () => ({ status: 200, body: 'frozen' }));
    const served = await linkedDevice(fleet, () => ({ status: 200, body: 'served' }));
    const admin = (await createUserWithKey(db, fleet.applicationId, 'administrator')).apiKey;
    await db.updateTable('device').set({ is_frozen: true }).where('id', '=', frozen.device.id).execute();
    for (const target of [{ uuid: frozen.device.uuid }, { deviceId: frozen.device.id }]) {
      const res = await supervisor(admin, '/v1/reboot', target);
      expect([res.statusCode, res.body], JSON.stringify(target)).toEqual([404, NO_ONLINE_DEVICES]);
    }
    const fleetWide = await supervisor(admin, '/v1/reboot', { appId: fleet.applicationId });
    expect(fleetWide.statusCode).toBe(207);
    expect(fleetWide.json()).toEqual([{ statusCode: 200, body: 'served' }]);
    expect(frozen.link.requests).toHaveLength(0);
    expect(served.link.requests).toHaveLength(1);
  });
});
