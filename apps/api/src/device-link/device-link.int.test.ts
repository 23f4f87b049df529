import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CLOSE, NO_ONLINE_DEVICES } from '@flotilla/core/device-link';
import type { Db } from '../db/database.ts';
import { StatementCounter } from '../db/statement-counter.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { runLinkSweep } from '../jobs/link-sweep.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until, type Answer, type TestDevice } from './device-link-test-device.ts';

let ctx: TestContext;
let db: Db;
let baseUrl: string;
const links: TestLink[] = [];
const counter = new StatementCounter();

beforeAll(async () => {
  ctx = await createTestApp({}, { statementCounter: counter });
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
});

async function link(key: string | null, answer?: Answer): Promise<TestLink> {
  const l = await TestLink.open(baseUrl, key, answer);
  links.push(l);
  return l;
}

const cloudlink = (id: number) =>
  db.selectFrom('device').select(['is_connected_to_vpn', 'is_online', 'last_vpn_event', 'last_connectivity_event']).where('id', '=', id).executeTakeFirstOrThrow();

function supervisor(key: string | null, path: string, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: `/supervisor${path}`, headers: key ? { authorization: `Bearer ${key}` } : {}, payload: body });
}

async function linkedDevice(fleet: TestFleetWithKey, answer?: Answer): Promise<{ device: TestDevice; link: TestLink }> {
  const device = await registerTestDevice(ctx.app, fleet);
  const l = await TestLink.open(baseUrl, device.apiKey, answer);
  links.push(l);
  await until(async () => (await cloudlink(device.id)).is_connected_to_vpn);
  return { device, link: l };
}

describe('the device link', () => {
  it('marks the device connected while its link is open, and disconnected after', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, link: l } = await linkedDevice(fleet);
    const open = await cloudlink(device.id);
    expect(open).toMatchObject({ is_connected_to_vpn: true, is_online: true });
    expect(open.last_vpn_event).not.toBeNull();
    await l.close();
    await expect.poll(async () => (await cloudlink(device.id)).is_connected_to_vpn).toBe(false);
    // The heartbeat never said online (the device did not poll): not online either.
    expect((await cloudlink(device.id)).is_online).toBe(false);
  });

  it('refuses every key that is not an active device key, closing with 4401', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const user = await createUserWithKey(db, fleet.applicationId, 'administrator');
    // A key that is no key at all is refused before the upgrade, as on every route.
    expect(await (await link('not-a-key')).closed).toEqual({ refusedWith: 401 });
    for (const key of [null, fleet.provisioningKey, user.apiKey]) {
      expect(await (await link(key)).closed, String(key)).toMatchObject({ code: LINK_CLOSE.unauthorized });
    }
    const device = await registerTestDevice(ctx.app, fleet);
    await db.updateTable('device').set({ is_active: false }).where('id', '=', device.id).execute();
    expect(await (await link(device.apiKey)).closed).toMatchObject({ code: LINK_CLOSE.unauthorized });
    expect((await cloudlink(device.id)).is_connected_to_vpn).toBe(false);
  });

  it('closes an older link of the same device as replaced and keeps the device connected through the newer', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, link: first } = await linkedDevice(fleet, () => ({ status: 200, body: 'first' }));
    const second = await link(device.apiKey, () => ({ status: 200, body: 'second' }));
    expect(await first.closed).toMatchObject({ code: LINK_CLOSE.replaced });
    const user = await createUserWithKey(db, fleet.applicationId, 'developer');
    const res = await supervisor(user.apiKey, '/v1/blink', { uuid: device.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('second');
    expect(second.requests).toHaveLength(1);
    expect((await cloudlink(device.id)).is_connected_to_vpn).toBe(true);
  });
});

describe('the stale link sweep', () => {
  it('clears a device marked linked that no process holds, after the grace period, and keeps a live link', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device: live } = await linkedDevice(fleet);
    const ghost = await registerTestDevice(ctx.app, fleet);
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await db.updateTable('device').set({ is_connected_to_vpn: true, is_online: true, last_vpn_event: longAgo }).where('id', '=', ghost.id).execute();
    await db.updateTable('device').set({ last_vpn_event: longAgo }).where('id', '=', live.id).execute();
    // A fresh flag (a link being set up) is left alone.
    const fresh = await registerTestDevice(ctx.app, fleet);
    await db.updateTable('device').set({ is_connected_to_vpn: true, last_vpn_event: new Date().toISOString() }).where('id', '=', fresh.id).execute();
    const result = await runLinkSweep(db, ctx.app.linkHub);
    expect(result.ran).toBe(true);
    expect((await cloudlink(ghost.id)).is_connected_to_vpn).toBe(false);
    expect((await cloudlink(ghost.id)).is_online).toBe(false);
    expect((await cloudlink(live.id)).is_connected_to_vpn).toBe(true);
    expect((await cloudlink(fresh.id)).is_connected_to_vpn).toBe(true);
  });
});

describe('overall status with the link (compat §5.7)', () => {
  const overall = async (uuid: string, key: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v7/device(uuid='${uuid}')?$select=overall_status`, headers: { authorization: `Bearer ${key}` } });
    return res.json<{ d: Array<{ overall_status: string }> }>().d[0]?.overall_status;
  };

  it('is operational with link and heartbeat up, reduced with only one of them, disconnected with neither', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, link: l } = await linkedDevice(fleet);
    // Linked, but the heartbeat has never been heard: one of the two.
    expect(await overall(device.uuid, device.apiKey)).toBe('reduced-functionality');
    const poll = await ctx.app.inject({ method: 'GET', url: `/device/v3/${device.uuid}/state`, headers: { authorization: `Bearer ${device.apiKey}` } });
    expect(poll.statusCode).toBe(200);
    expect(await overall(device.uuid, device.apiKey)).toBe('operational');
    await l.close();
    await until(async () => !(await cloudlink(device.id)).is_connected_to_vpn);
    expect(await overall(device.uuid, device.apiKey)).toBe('reduced-functionality');
    await db.updateTable('device').set({ api_heartbeat_state: 'offline' }).where('id', '=', device.id).execute();
    expect(await overall(device.uuid, device.apiKey)).toBe('disconnected');
  });

  it('judges a device that never linked by its heartbeat alone', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerTestDevice(ctx.app, fleet);
    expect(await overall(device.uuid, device.apiKey)).toBe('configuring');
    await ctx.app.inject({ method: 'GET', url: `/device/v3/${device.uuid}/state`, headers: { authorization: `Bearer ${device.apiKey}` } });
    expect(await overall(device.uuid, device.apiKey)).toBe('operational');
  });
});

describe('POST /supervisor/<path>', () => {
  let fleet: TestFleetWithKey;
  let device: TestDevice;
  let deviceLink: TestLink;
  let developer: string;

  beforeAll(async () => {
    fleet = await createFleetWithProvisioningKey(db);
    const linked = await linkedDevice(fleet, (request) => {
      if (request.path === '/v1/reboot' && (request.body as { data?: unknown } | undefined) === undefined) return { status: 500, body: 'no body' };
      if (request.path === '/v1/reboot') {
        const force = (request.body as { force?: boolean }).force === true;
        return force ? { status: 202, body: { Data: 'OK', Error: null } } : { status: 423, body: { Data: '', Error: 'Updates are locked' } };
      }
      if (request.path === '/v1/device') return { status: 200, body: { status: 'Idle', os_version: 'balenaOS 6.0.0' } };
      if (request.path === '/v1/update') return { status: 204 };
      return { status: 200, body: 'OK' };
    });
    device = linked.device;
    deviceLink = linked.link;
    developer = (await createUserWithKey(db, fleet.applicationId, 'developer')).apiKey;
  });

  it('forwards identify by uuid and passes the text reply through', async () => {
    const res = await supervisor(developer, '/v1/blink', { uuid: device.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('OK');
    expect(deviceLink.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/blink' });
    expect(deviceLink.requests.at(-1)).not.toHaveProperty('body');
  });

  it("passes the update lock's 423 through, and the forced reboot's 202 with JSON", async () => {
    const locked = await supervisor(developer, '/v1/reboot', { deviceId: device.id, data: { force: false } });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ Data: '', Error: 'Updates are locked' });
    const forced = await supervisor(developer, '/v1/reboot', { deviceId: String(device.id), data: { force: true } });
    expect(forced.statusCode).toBe(202);
    expect(forced.json()).toEqual({ Data: 'OK', Error: null });
    expect(deviceLink.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/reboot', body: { force: true } });
  });

  it('uses the given method: GET /v1/device answers the JSON state; an empty 204 stays empty', async () => {
    const state = await supervisor(developer, '/v1/device', { uuid: device.uuid, method: 'get' });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ status: 'Idle', os_version: 'balenaOS 6.0.0' });
    expect(deviceLink.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/device' });
    const update = await supervisor(developer, '/v1/update', { deviceId: device.id, appId: fleet.applicationId, data: { force: false } });
    expect(update.statusCode).toBe(204);
    expect(update.body).toBe('');
  });

  it('answers every device the caller may not act on exactly like one that does not exist', async () => {
    const observer = (await createUserWithKey(db, fleet.applicationId, 'observer')).apiKey;
    const safeOperator = (await createUserWithKey(db, fleet.applicationId, 'safe-operator')).apiKey;
    const outsider = (await createUserWithKey(db, fleet.applicationId, null)).apiKey;
    const before = deviceLink.requests.length;
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['observer reboots', observer, { uuid: device.uuid }],
      ['limited operator reboots', safeOperator, { uuid: device.uuid }],
      ['outsider reboots', outsider, { uuid: device.uuid }],
      ['outsider reboots the fleet', outsider, { appId: fleet.applicationId }],
      ['unknown uuid', developer, { uuid: 'f'.repeat(32) }],
      ['unknown id', developer, { deviceId: 999_999_999 }],
    ];
    for (const [label, key, body] of cases) {
      const res = await supervisor(key, '/v1/reboot', body);
      expect(res.statusCode, label).toBe(404);
      expect(res.body, label).toBe(NO_ONLINE_DEVICES);
    }
    // An observer may ping (reading the device) but not read the supervisor state (diagnostics).
    expect((await supervisor(observer, '/ping', { uuid: device.uuid, method: 'GET' })).statusCode).toBe(200);
    expect((await supervisor(observer, '/v1/device', { uuid: device.uuid, method: 'GET' })).statusCode).toBe(404);
    expect(deviceLink.requests.length).toBe(before + 1);
  });

  it('lets an operator act, and refuses device keys, provisioning keys and anonymous callers', async () => {
    const operator = (await createUserWithKey(db, fleet.applicationId, 'operator')).apiKey;
    expect((await supervisor(operator, '/v1/restart', { deviceId: device.id, appId: fleet.applicationId, data: { appId: fleet.applicationId } })).statusCode).toBe(200);
    expect((await supervisor(device.apiKey, '/v1/blink', { uuid: device.uuid })).statusCode).toBe(403);
    expect((await supervisor(fleet.provisioningKey, '/v1/blink', { uuid: device.uuid })).statusCode).toBe(403);
    expect((await supervisor(null, '/v1/blink', { uuid: device.uuid })).statusCode).toBe(401);
  });

  it('lets each fleet role do exactly the actions of the spec (fleets §6 "Device actions")', async () => {
    // Written from the spec, not from roles.ts: restart, identify, purge, reboot and shutdown are
    // supervisor-proxy-write (operator and up, limited developer included); reading the
    // supervisor's state is a diagnostic (limited operator and up); a ping only reads the device.
    const writers = ['operator', 'safe-developer', 'developer', 'administrator'];
    const diagnosers = ['safe-operator', ...writers];
    const everyone = ['observer', ...diagnosers];
    const calls: Array<[string, Record<string, unknown>, string[]]> = [
      ['/v1/blink', { uuid: device.uuid }, writers],
      ['/v1/reboot', { deviceId: device.id, data: { force: true } }, writers],
      ['/v1/shutdown', { deviceId: device.id, appId: fleet.applicationId, data: { force: false } }, writers],
      ['/v1/restart', { deviceId: device.id, appId: fleet.applicationId, data: { appId: fleet.applicationId } }, writers],
      ['/v1/purge', { deviceId: device.id, appId: fleet.applicationId, data: { appId: fleet.applicationId } }, writers],
      ['/v2/applications/1/restart-service', { deviceId: device.id, data: { appId: 1, imageId: 7 } }, writers],
      ['/v1/device', { uuid: device.uuid, method: 'GET' }, diagnosers],
      ['/ping', { deviceId: device.id, method: 'GET' }, everyone],
    ];
    for (const role of everyone) {
      const key = (await createUserWithKey(db, fleet.applicationId, role)).apiKey;
      for (const [path, body, allowed] of calls) {
        const res = await supervisor(key, path, body);
        if (allowed.includes(role)) expect(res.statusCode, `${role} ${path}`).not.toBe(404);
        else expect([res.statusCode, res.body], `${role} ${path}`).toEqual([404, NO_ONLINE_DEVICES]);
      }
    }
  });

  it('refuses a call that names no device, a bad method and a path outside the supervisor API', async () => {
    expect((await supervisor(developer, '/v1/blink', {})).statusCode).toBe(400);
    expect((await supervisor(developer, '/v1/blink', { uuid: device.uuid, method: 'CONNECT' })).statusCode).toBe(400);
    // Ids no row can have (beyond int4) are refused at the boundary, not sent to the database.
    expect((await supervisor(developer, '/v1/blink', { deviceId: 99_999_999_999 })).statusCode).toBe(400);
    expect((await supervisor(developer, '/v1/blink', { appId: '99999999999' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/application/99999999999/restart', headers: { authorization: `Bearer ${developer}` } })).statusCode).toBe(400);
    const res = await ctx.app.inject({ method: 'POST', url: '/supervisor/v1/..%2F..%2Fetc', headers: { authorization: `Bearer ${developer}` }, payload: { uuid: device.uuid } });
    expect(res.statusCode).toBe(400);
  });

  it('reaches every linked device of a fleet by appId with a 207, leaving out the offline ones', async () => {
    const many = await createFleetWithProvisioningKey(db);
    const a = await linkedDevice(many, () => ({ status: 200, body: 'a' }));
    const b = await linkedDevice(many, () => ({ status: 423, body: { Data: '', Error: 'locked' } }));
    const offline = await registerTestDevice(ctx.app, many);
    const admin = (await createUserWithKey(db, many.applicationId, 'administrator')).apiKey;
    const res = await supervisor(admin, '/v1/reboot', { appId: many.applicationId, data: { force: false } });
    expect(res.statusCode).toBe(207);
    const body = res.json<Array<{ statusCode: number; body: unknown }>>();
    expect(body).toHaveLength(2);
    expect(body).toEqual(expect.arrayContaining([{ statusCode: 200, body: 'a' }, { statusCode: 423, body: { Data: '', Error: 'locked' } }]));
    expect(a.link.requests).toHaveLength(1);
    expect(b.link.requests).toHaveLength(1);
    expect(offline.id).toBeGreaterThan(0);
    // The fleet-wide restart of balenaCloud reaches them the same way.
    const restart = await ctx.app.inject({ method: 'POST', url: `/application/${many.applicationId}/restart`, headers: { authorization: `Bearer ${admin}` } });
    expect(restart.statusCode).toBe(207);
    expect(a.link.requests.at(-1)).toMatchObject({ path: '/v1/restart', body: { appId: many.applicationId } });
  });

  it("shares one statement among one caller's calls of a turn, and finds devices only under each caller's own rights", async () => {
    const second = await linkedDevice(fleet);
    const observer = (await createUserWithKey(db, fleet.applicationId, 'observer')).apiKey;
    const outsider = (await createUserWithKey(db, fleet.applicationId, null)).apiKey;
    // A dashboard batch: one call per device, all at once; others' calls arrive in the same turn.
    const calls: Array<[string, string, Record<string, unknown>, number]> = [
      ['developer, by id', developer, { deviceId: device.id }, 200],
      ['developer, by uuid', developer, { uuid: second.device.uuid }, 200],
      ['developer, the same device again', developer, { deviceId: device.id }, 200],
      ['developer, unknown id', developer, { deviceId: 999_999_999 }, 404],
      ['observer identifies', observer, { deviceId: device.id }, 404],
      ['outsider, by id', outsider, { deviceId: device.id }, 404],
      ['outsider, by uuid', outsider, { uuid: second.device.uuid }, 404],
    ];
    const { result, statements } = await counter.measure(() => Promise.all(calls.map(([, key, body]) => supervisor(key, '/v1/blink', body))));
    calls.forEach(([label, , , status], i) => expect(result[i]!.statusCode, label).toBe(status));
    expect(result[3]!.body).toBe(NO_ONLINE_DEVICES);
    // One read of the targets per caller (developer, observer, outsider), not one per call.
    expect(statements.filter((s) => s.includes('d.id = ANY('))).toHaveLength(3);
  });

  it('says no device is online once the link is gone', async () => {
    const other = await linkedDevice(fleet);
    await other.link.close();
    await expect.poll(async () => (await cloudlink(other.device.id)).is_connected_to_vpn).toBe(false);
    const res = await supervisor(developer, '/v1/blink', { uuid: other.device.uuid });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(NO_ONLINE_DEVICES);
  });
});
