import { beforeAll, describe, expect, it } from 'vitest';
import { OS_UPDATE_LINK_PATH } from '@flotilla/core/schemas/os-update';
import { OS_UPDATE_MESSAGES } from '@flotilla/core/os-update';
import { fleetMatrix, OPERATORS, PRINCIPALS, SAFE_OPERATORS, type FleetWorld, type Who } from '../model/access/matrix-harness.ts';
import { TestLink, until, type Answer } from '../device-link/device-link-test-device.ts';
import { loadOsReleaseCatalog } from '../os-releases/os-release-catalog.ts';
import { seedOsReleases } from '../os-releases/os-release-seed.ts';

/**
 * OS update (`POST /actions/v{1,2}/<uuid>/resinhup`, resin.device.actions-proxy-hup) and
 * supervisor update (PATCH device should_be_managed_by__release,
 * resin.device.actions-proxy-supervisorupgrade) for every principal of fleets spec §6, against
 * a device linked over a real WebSocket.
 */
const m = fleetMatrix();
let baseUrl: string;
const links: TestLink[] = [];

beforeAll(async () => {
  await seedOsReleases(m.db, loadOsReleaseCatalog());
  baseUrl = await m.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return async () => {
    await Promise.all(links.map((l) => l.close()));
  };
}, 60_000);

const deviceRow = (id: number) =>
  m.db.selectFrom('device').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A world whose device runs `os` and is linked, answering OS updates with `answer`. */
async function linkedWorld(os = 'balenaOS 6.0.0', answer: Answer = () => ({ status: 202, body: { Data: 'OK', Error: null } })) {
  const w = await m.makeWorld();
  await m.db.updateTable('device').set({ os_version: os, os_variant: 'prod', supervisor_version: '17.0.0' }).where('id', '=', w.deviceId).execute();
  const link = await TestLink.open(baseUrl, w.deviceKey, answer);
  links.push(link);
  await until(async () => (await deviceRow(w.deviceId)).is_connected_to_vpn);
  const { uuid } = await deviceRow(w.deviceId);
  return { w, uuid, link };
}

async function hostRelease(deviceTypeSlug: string, rawVersion: string) {
  return m.db
    .selectFrom('release')
    .innerJoin('application', 'application.id', 'release.belongs_to__application')
    .innerJoin('device_type', 'device_type.id', 'application.is_for__device_type')
    .select(['release.id', 'release.commit'])
    .where('application.is_host', '=', true)
    .where('device_type.slug', '=', deviceTypeSlug)
    .where('release.raw_version', '=', rawVersion)
    .executeTakeFirstOrThrow();
}

async function supervisorRelease(arch: string, rawVersion: string): Promise<number> {
  const r = await m.db
    .selectFrom('release')
    .innerJoin('application', 'application.id', 'release.belongs_to__application')
    .select('release.id')
    .where('application.slug', '=', `balena_os/${arch}-supervisor`)
    .where('release.raw_version', '=', rawVersion)
    .executeTakeFirstOrThrow();
  return r.id;
}

const hup = (who: Who, w: FleetWorld, uuid: string, version: string, api = 'v2') =>
  m.call(who, w, 'POST', `/actions/${api}/${uuid}/resinhup`, { parameters: { target_version: version } });

describe('OS update for every principal (resin.device.actions-proxy-hup)', () => {
  it.each(PRINCIPALS)('%s', async (who) => {
    const { w, uuid, link } = await linkedWorld();
    const res = await hup(who, w, uuid, '6.1.4');
    const target = await hostRelease('raspberrypi4-64', '6.1.4');
    if (SAFE_OPERATORS.includes(who)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: target.commit, action: 'resinhup', status: 'in_progress', parameters: { target_version: '6.1.4' }, type: 'balenahup' });
      expect(link.requests).toEqual([expect.objectContaining({ method: 'POST', path: OS_UPDATE_LINK_PATH, body: { target_version: '6.1.4', type: 'balenahup', app_uuid: expect.any(String), release_uuid: target.commit } })]);
      expect((await deviceRow(w.deviceId)).should_be_operated_by__release).toBe(target.id);
    } else {
      // Users who may not: the same 404 as a device that does not exist; keys of devices and fleets: 403.
      expect(res.statusCode, res.body).toBe(who === 'device-key' || who === 'provisioning-key' ? 403 : 404);
      expect(link.requests).toEqual([]);
      expect((await deviceRow(w.deviceId)).should_be_operated_by__release).toBeNull();
    }
  });
});

describe('OS update rules', () => {
  it('answers an unknown device as one not permitted', async () => {
    const { w } = await linkedWorld();
    const res = await hup('developer', w, 'f'.repeat(32), '6.1.4');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Device not found' });
  });

  it('refuses versions that are not releases of the type, the running one and downgrades, with the §8 message', async () => {
    const { w, uuid, link } = await linkedWorld('balenaOS 6.0.13');
    for (const version of ['9.9.9', '6.0.13', '6.0.0', '2.115.1+rev1.prod', '2024.10.1']) {
      const res = await hup('developer', w, uuid, version);
      expect(res.statusCode, version).toBe(400);
      expect(res.json().error).toBe(OS_UPDATE_MESSAGES.notSupported);
    }
    expect(link.requests).toEqual([]);
  });

  it('refuses an offline device, and says when the device did not take the update', async () => {
    const { w, uuid, link } = await linkedWorld('balenaOS 6.0.0', () => ({ status: 404, body: 'Not Found' }));
    const refused = await hup('developer', w, uuid, '6.0.13', 'v1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(OS_UPDATE_MESSAGES.notStarted);
    expect((await deviceRow(w.deviceId)).should_be_operated_by__release).toBeNull();
    await link.close();
    await until(async () => !(await deviceRow(w.deviceId)).is_connected_to_vpn);
    const offline = await hup('developer', w, uuid, '6.0.13');
    expect(offline.statusCode).toBe(400);
    expect(offline.json().error).toBe(OS_UPDATE_MESSAGES.offline);
  });

  it('switches a default-line device to an ESR release based on a newer version, and reports the status until done', async () => {
    const { w, uuid } = await linkedWorld('balenaOS 5.3.21');
    const started = await hup('operator', w, uuid, '2024.10.1');
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<{ id: string }>();
    const status = async () => (await m.call('operator', w, 'GET', `/actions/v1/${uuid}/${id}`)).json<{ status: string }>().status;
    expect(await status()).toBe('in_progress');
    await m.db.updateTable('device').set({ update_status: 'aborted' }).where('id', '=', w.deviceId).execute();
    expect(await status()).toBe('error');
    await m.db.updateTable('device').set({ os_version: 'balenaOS 2024.10.1', update_status: 'done' }).where('id', '=', w.deviceId).execute();
    expect(await status()).toBe('done');
    // Someone who may not update it learns nothing of the action either.
    expect((await m.call('observer', w, 'GET', `/actions/v1/${uuid}/${id}`)).statusCode).toBe(404);
    expect((await m.call('operator', w, 'GET', `/actions/v1/${uuid}/${'0'.repeat(32)}`)).statusCode).toBe(404);
  });
});

describe('supervisor update for every principal (resin.device.actions-proxy-supervisorupgrade)', () => {
  it.each(PRINCIPALS)('%s', async (who) => {
    const w = await m.makeWorld();
    await m.db.updateTable('device').set({ os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0' }).where('id', '=', w.deviceId).execute();
    const target = await supervisorRelease('aarch64', '17.1.2');
    const res = await m.call(who, w, 'PATCH', `/v7/device(${w.deviceId})`, { should_be_managed_by__release: target });
    const stored = (await deviceRow(w.deviceId)).should_be_managed_by__release;
    if (OPERATORS.includes(who)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(stored).toBe(target);
    } else {
      expect(res.statusCode, res.body).not.toBe(200);
      expect(stored).toBeNull();
    }
  });

  it('refuses an ESR device and a supervisor of another architecture', async () => {
    const w = await m.makeWorld();
    await m.db.updateTable('device').set({ os_version: 'balenaOS 2024.10.1', supervisor_version: '16.7.4' }).where('id', '=', w.deviceId).execute();
    const esr = await m.call('developer', w, 'PATCH', `/v7/device(${w.deviceId})`, { should_be_managed_by__release: await supervisorRelease('aarch64', '17.1.2') });
    expect(esr.statusCode).toBe(400);
    expect(esr.json().error).toBe(OS_UPDATE_MESSAGES.esrSupervisor);
    await m.db.updateTable('device').set({ os_version: 'balenaOS 6.0.0' }).where('id', '=', w.deviceId).execute();
    const otherArch = await m.call('developer', w, 'PATCH', `/v7/device(${w.deviceId})`, { should_be_managed_by__release: await supervisorRelease('amd64', '17.1.2') });
    expect(otherArch.statusCode).toBe(400);
    expect((await deviceRow(w.deviceId)).should_be_managed_by__release).toBeNull();
  });
});
