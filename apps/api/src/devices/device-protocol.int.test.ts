import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createRelease, createUserWithKey, newDeviceUuid, type TestFleetWithKey } from './device-test-factories.ts';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function register(fleet: TestFleetWithKey, body: Record<string, unknown> = {}) {
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/device/register',
    headers: bearer(fleet.provisioningKey),
    payload: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey, os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0', ...body },
  });
  return { res, uuid, apiKey };
}

async function deviceRow(uuid: string) {
  return db.selectFrom('device').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
}

describe('POST /device/register', () => {
  it('creates the device with its key and answers exactly 201 {id, uuid, api_key}', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { res, uuid, apiKey } = await register(fleet, { mac_address: '02:00:00:00:00:01' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['api_key', 'id', 'uuid']);
    expect(body).toMatchObject({ uuid, api_key: apiKey });
    const row = await deviceRow(uuid);
    expect(row.id).toBe(body.id);
    expect(row.belongs_to__application).toBe(fleet.applicationId);
    expect(row.api_heartbeat_state).toBe('unknown');
    expect(row.is_online).toBe(false);
    expect(row.device_name).toMatch(/^[a-z]+-[a-z]+$/);
    expect(row.os_version).toBe('balenaOS 6.0.0');
    expect(row.mac_address).toBe('02:00:00:00:00:01');
    // The device key authenticates as the device.
    const state = await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: bearer(apiKey) });
    expect(state.statusCode).toBe(200);
  });

  it('generates a key when none is supplied', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { res } = await register(fleet, { api_key: undefined });
    expect(res.statusCode).toBe(201);
    expect(res.json().api_key).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('answers 409 "uuid" must be unique. on a repeat', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const first = await register(fleet);
    expect(first.res.statusCode).toBe(201);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/device/register',
      headers: bearer(fleet.provisioningKey),
      payload: { uuid: first.uuid, device_type: 'raspberrypi4-64', api_key: generateApiKeySecret() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('"uuid" must be unique.');
  });

  it('checks CPU architecture compatibility and the device type', async () => {
    const armv7Fleet = await createFleetWithProvisioningKey(db, 'raspberrypi3');
    expect((await register(armv7Fleet, { device_type: 'raspberrypi4-64' })).res.statusCode).toBe(201); // aarch64 runs armv7hf
    const amdFleet = await createFleetWithProvisioningKey(db, 'intel-nuc');
    const bad = await register(amdFleet, { device_type: 'raspberrypi4-64' });
    expect(bad.res.statusCode).toBe(400);
    const aarchFleet = await createFleetWithProvisioningKey(db);
    expect((await register(aarchFleet, { device_type: 'raspberrypi3' })).res.statusCode).toBe(400); // armv7hf cannot run aarch64
    expect((await register(aarchFleet, { device_type: 'no-such-board' })).res.statusCode).toBe(400);
  });

  it('needs credentials; a provisioning key only registers into its own fleet; users need a device-creating role', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const other = await createFleetWithProvisioningKey(db);
    const anon = await ctx.app.inject({ method: 'POST', url: '/device/register', payload: { uuid: newDeviceUuid(), device_type: 'raspberrypi4-64' } });
    expect(anon.statusCode).toBe(401);
    expect((await register(fleet, { application: other.applicationId })).res.statusCode).toBe(403);

    const operator = await createUserWithKey(db, fleet.applicationId, 'operator');
    const byUser = await ctx.app.inject({
      method: 'POST',
      url: '/device/register',
      headers: bearer(operator.apiKey),
      payload: { uuid: newDeviceUuid(), device_type: 'raspberrypi4-64', application: fleet.applicationId, user: operator.userId },
    });
    expect(byUser.statusCode, byUser.body).toBe(201);
    expect((await deviceRow(byUser.json().uuid)).belongs_to__user).toBe(operator.userId);

    const observer = await createUserWithKey(db, fleet.applicationId, 'observer');
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/device/register',
      headers: bearer(observer.apiKey),
      payload: { uuid: newDeviceUuid(), device_type: 'raspberrypi4-64', application: fleet.applicationId },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('GET /device/v3/:uuid/state', () => {
  it('serves the v3 target state with an ETag, 304 on a match, and a new body after a config change', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { uuid, apiKey } = await register(fleet);
    const first = await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: bearer(apiKey) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const row = await deviceRow(uuid);
    expect(first.json()).toEqual({
      [uuid]: {
        name: row.device_name,
        config: { RESIN_SUPERVISOR_POLL_INTERVAL: '600000' },
        apps: { [fleet.applicationUuid]: { id: fleet.applicationId, name: expect.any(String), class: 'fleet', releases: {} } },
      },
    });

    const cached = await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: { ...bearer(apiKey), 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');

    await db.insertInto('application_config_variable').values({ application: fleet.applicationId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '120000' }).execute();
    await db.insertInto('device_config_variable').values({ device: row.id, name: 'BALENA_HOST_CONFIG_gpu_mem', value: '64' }).execute();
    const changed = await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: { ...bearer(apiKey), 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()[uuid].config).toEqual({
      BALENA_HOST_CONFIG_gpu_mem: '64',
      BALENA_SUPERVISOR_POLL_INTERVAL: '120000',
      RESIN_SUPERVISOR_POLL_INTERVAL: '120000',
    });
  });

  it('includes the target release with services and layered environment; a pin wins over the fleet target', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { uuid, apiKey } = await register(fleet);
    const device = await deviceRow(uuid);
    const target = await createRelease(db, fleet.applicationId, { makeTarget: true });
    await db.insertInto('image_environment_variable').values([
      { release_image: target.releaseImageId, name: 'A', value: 'image' },
      { release_image: target.releaseImageId, name: 'B', value: 'image' },
    ]).execute();
    await db.insertInto('application_environment_variable').values([
      { application: fleet.applicationId, name: 'B', value: 'fleet' },
      { application: fleet.applicationId, name: 'C', value: 'fleet' },
    ]).execute();
    await db.insertInto('service_environment_variable').values({ service: target.serviceId, name: 'C', value: 'service' }).execute();
    await db.insertInto('device_environment_variable').values({ device: device.id, name: 'D', value: 'device' }).execute();
    const si = await db.selectFrom('service_install').select('id').where('device', '=', device.id).where('installs__service', '=', target.serviceId).executeTakeFirstOrThrow();
    await db.insertInto('device_service_environment_variable').values({ service_install: si.id, name: 'D', value: 'device-service' }).execute();
    await db.insertInto('service_label').values({ service: target.serviceId, label_name: 'x.label', value: 'y' }).execute();

    const res = await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: bearer(apiKey) });
    const app = res.json()[uuid].apps[fleet.applicationUuid];
    expect(Object.keys(app.releases)).toEqual([target.commit]);
    const main = app.releases[target.commit].services.main;
    expect(app.releases[target.commit].id).toBe(target.releaseId);
    expect(main).toMatchObject({ id: target.serviceId, image_id: target.imageId, image: target.imageLocation });
    expect(main.environment).toEqual({ A: 'image', B: 'fleet', C: 'service', D: 'device-service' });
    expect(main.labels).toEqual({ 'io.balena.features.dbus': '1', 'x.label': 'y' });

    const pinned = await createRelease(db, fleet.applicationId);
    await db.updateTable('device').set({ is_pinned_on__release: pinned.releaseId }).where('id', '=', device.id).execute();
    const res2 = await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: bearer(apiKey) });
    expect(Object.keys(res2.json()[uuid].apps[fleet.applicationUuid].releases)).toEqual([pinned.commit]);

    const v2 = await ctx.app.inject({ method: 'GET', url: `/device/v2/${uuid}/state`, headers: bearer(apiKey) });
    expect(v2.statusCode).toBe(200);
    expect(v2.json().local.apps[String(fleet.applicationId)]).toMatchObject({ commit: pinned.commit, releaseId: pinned.releaseId });
  });

  it('is the API heartbeat when the device polls, but not when a user reads it', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { uuid, apiKey } = await register(fleet);
    const developer = await createUserWithKey(db, fleet.applicationId, 'developer');
    const asUser = await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: bearer(developer.apiKey) });
    expect(asUser.statusCode).toBe(200);
    expect((await deviceRow(uuid)).api_heartbeat_state).toBe('unknown');

    await ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: bearer(apiKey) });
    const row = await deviceRow(uuid);
    expect(row.api_heartbeat_state).toBe('online');
    expect(row.is_online).toBe(true);
    expect(row.last_connectivity_event).not.toBeNull();
    expect(row.changed_api_heartbeat_state_on__date).not.toBeNull();
  });

  it('refuses other devices, strangers and anonymous callers', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const a = await register(fleet);
    const b = await register(fleet);
    const stranger = await createUserWithKey(db, fleet.applicationId, null);
    expect((await ctx.app.inject({ method: 'GET', url: `/device/v3/${a.uuid}/state`, headers: bearer(b.apiKey) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/device/v3/${a.uuid}/state`, headers: bearer(stranger.apiKey) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/device/v3/${a.uuid}/state` })).statusCode).toBe(401);
  });
});

describe('PATCH /device/v3/state', () => {
  it('merges reported fields: a later diff keeps what it does not mention', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { uuid, apiKey } = await register(fleet);
    const patch = (body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url: '/device/v3/state', headers: bearer(apiKey), payload: { [uuid]: body } });
    const first = await patch({ status: 'Idle', os_version: 'balenaOS 6.1.0', os_variant: 'prod', ip_address: '10.0.0.5', cpu_usage: 12, cpu_temp: 48.6, memory_usage: 512, memory_total: 3800, name: 'renamed-device', unknown_field: 'x' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('');
    // (A diff of metrics alone would be inside their 60 s window: device-state-metrics.int.test.ts.)
    const second = await patch({ ip_address: '10.0.0.6' });
    expect(second.statusCode).toBe(200);
    const row = await deviceRow(uuid);
    expect(row).toMatchObject({ status: 'Idle', os_version: 'balenaOS 6.1.0', os_variant: 'prod', ip_address: '10.0.0.6', cpu_usage: 12, cpu_temp: 49, memory_usage: 512, memory_total: 3800, device_name: 'renamed-device' });
  });

  it('maps release_uuid, update_status and service reports to the device and image_install rows', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { uuid, apiKey } = await register(fleet);
    const oldRelease = await createRelease(db, fleet.applicationId);
    const newRelease = await createRelease(db, fleet.applicationId, { makeTarget: true });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/device/v3/state',
      headers: bearer(apiKey),
      payload: {
        [uuid]: {
          status: 'Downloading',
          apps: {
            [fleet.applicationUuid]: {
              release_uuid: oldRelease.commit,
              releases: {
                [oldRelease.commit]: { update_status: 'done', services: { main: { image: oldRelease.imageLocation, status: 'Running' } } },
                [newRelease.commit]: { update_status: 'downloading', services: { main: { image: `${newRelease.imageLocation}@sha256:abc123`, status: 'Downloading', download_progress: 42 } } },
              },
            },
          },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await deviceRow(uuid);
    expect(row.is_running__release).toBe(oldRelease.releaseId);
    expect(row.update_status).toBe('downloading');
    expect(row.last_update_status_event).not.toBeNull();
    const installs = await db.selectFrom('image_install').selectAll().where('device', '=', row.id).orderBy('installs__image').execute();
    expect(installs.map((i) => [i.installs__image, i.is_provided_by__release, i.status, i.download_progress])).toEqual([
      [oldRelease.imageId, oldRelease.releaseId, 'Running', null],
      [newRelease.imageId, newRelease.releaseId, 'Downloading', 42],
    ]);

    // Update finished: only the new release remains; the old image is marked deleted.
    await ctx.app.inject({
      method: 'PATCH',
      url: '/device/v3/state',
      headers: bearer(apiKey),
      payload: { [uuid]: { status: 'Idle', apps: { [fleet.applicationUuid]: { release_uuid: newRelease.commit, releases: { [newRelease.commit]: { update_status: 'done', services: { main: { image: newRelease.imageLocation, status: 'Running', download_progress: null } } } } } } } },
    });
    const after = await deviceRow(uuid);
    expect(after.is_running__release).toBe(newRelease.releaseId);
    expect(after.update_status).toBe('done');
    const statuses = await db.selectFrom('image_install').select(['installs__image', 'status']).where('device', '=', row.id).orderBy('installs__image').execute();
    expect(statuses).toEqual([
      { installs__image: oldRelease.imageId, status: 'deleted' },
      { installs__image: newRelease.imageId, status: 'Running' },
    ]);
  });

  it("ignores another fleet's release in a report: no running release, no image install points at it", async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { uuid, apiKey } = await register(fleet);
    const victim = await createFleetWithProvisioningKey(db);
    const foreign = await createRelease(db, victim.applicationId, { makeTarget: true });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/device/v3/state',
      headers: bearer(apiKey),
      payload: {
        [uuid]: {
          apps: {
            [victim.applicationUuid]: {
              release_uuid: foreign.commit,
              releases: { [foreign.commit]: { update_status: 'done', services: { main: { image: foreign.imageLocation, status: 'Running' } } } },
            },
          },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await deviceRow(uuid);
    expect(row.is_running__release).toBeNull();
    expect(await db.selectFrom('image_install').select('id').where('device', '=', row.id).execute()).toEqual([]);
  });

  it('lets a device report only for itself', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const a = await register(fleet);
    const b = await register(fleet);
    const res = await ctx.app.inject({ method: 'PATCH', url: '/device/v3/state', headers: bearer(b.apiKey), payload: { [a.uuid]: { status: 'Hacked' } } });
    expect(res.statusCode).toBe(403);
    expect((await deviceRow(a.uuid)).status).toBeNull();
    const anon = await ctx.app.inject({ method: 'PATCH', url: '/device/v3/state', payload: { [a.uuid]: { status: 'x' } } });
    expect(anon.statusCode).toBe(401);
    const provisioning = await ctx.app.inject({ method: 'PATCH', url: '/device/v3/state', headers: bearer(fleet.provisioningKey), payload: { [a.uuid]: { status: 'x' } } });
    expect(provisioning.statusCode).toBe(403);
  });
});

describe('tags and logs', () => {
  it('upserts device tags from PATCH /device/v3/tags', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { uuid, apiKey } = await register(fleet);
    const put = (tags: Record<string, string>) => ctx.app.inject({ method: 'PATCH', url: '/device/v3/tags', headers: bearer(apiKey), payload: { [uuid]: tags } });
    expect((await put({ site: 'north', rack: '1' })).statusCode).toBe(200);
    expect((await put({ rack: '2' })).statusCode).toBe(200);
    const row = await deviceRow(uuid);
    const tags = await db.selectFrom('device_tag').select(['tag_key', 'value']).where('device', '=', row.id).orderBy('tag_key').execute();
    expect(tags).toEqual([{ tag_key: 'rack', value: '2' }, { tag_key: 'site', value: 'north' }]);
  });

  it('stores a batch of log lines from POST /device/v2/:uuid/logs', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { uuid, apiKey } = await register(fleet);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/device/v2/${uuid}/logs`,
      headers: bearer(apiKey),
      payload: [
        { message: 'hello', timestamp: 1_700_000_000_000, serviceId: 5 },
        { message: 'Supervisor starting', timestamp: 1_700_000_000_500, isSystem: true },
      ],
    });
    expect(res.statusCode).toBe(201);
    const row = await deviceRow(uuid);
    const logs = await db.selectFrom('device_log').select(['message', 'is_system', 'service_id']).where('device', '=', row.id).orderBy('id').execute();
    expect(logs).toEqual([
      { message: 'hello', is_system: false, service_id: 5 },
      { message: 'Supervisor starting', is_system: true, service_id: null },
    ]);
  });
});
