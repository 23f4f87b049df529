import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { createApi, releaseWithServices, type PolledDevice } from './variables-target-fixtures.ts';

/**
 * Issue 13 item 4, "target state follows" (compat §5.3, fleets spec §3 "Variables"): every
 * create, value change and delete of each of the six variable kinds — fleet env, fleet config,
 * service env, device env, device config, device-service env — changes the target state of
 * exactly the devices it concerns on their next poll, and of no other: not another device of the
 * fleet, not a device of another fleet, not a device pinned to a release without that service.
 * The ETag changes exactly when the body does, and a poll after the change with the new tag is
 * a 304 again. Variables are written through /v7 with a developer's key, as the dashboard and
 * the SDK write them, so every hook between the write and the poll is on the path.
 *
 * Devices: a1 and a2 follow fleet A's target r2 (services main and worker); a3 is pinned to r1
 * (main only); b1 is in fleet B.
 */

let ctx: TestContext;
let fleetA: TestFleetWithKey;
let fleetB: TestFleetWithKey;
let key: string;
let v7: ReturnType<typeof createApi>;
const devices: Record<'a1' | 'a2' | 'a3' | 'b1', PolledDevice> = {} as never;
let services: { main: number; worker: number };

type Body = Record<string, { config: Record<string, string>; apps: Record<string, { releases: Record<string, { services: Record<string, { environment: Record<string, string> }> }> }> }>;
const last = new Map<string, { etag: string; body: Body }>();

async function poll(d: PolledDevice, etag?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/device/v3/${d.uuid}/state`,
    headers: { authorization: `Bearer ${d.apiKey}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  expect([200, 304], res.body).toContain(res.statusCode);
  return { status: res.statusCode, etag: String(res.headers.etag), body: res.statusCode === 200 ? (res.json() as Body) : null };
}

/** Every device's current body and tag. */
async function syncAll(): Promise<void> {
  for (const d of Object.values(devices)) {
    const p = await poll(d);
    last.set(d.uuid, { etag: p.etag, body: p.body! });
  }
}

/**
 * Runs `write`, then every device polls with the tag it last saw (its next poll): the names of
 * the devices answered 200. Along the way: a device's tag differs from its last one exactly
 * when its full body does, and polling again with the new tag is a 304.
 */
async function changedBy(write: () => Promise<unknown>): Promise<string[]> {
  await write();
  const changed: string[] = [];
  for (const [name, d] of Object.entries(devices)) {
    const before = last.get(d.uuid)!;
    const next = await poll(d, before.etag);
    const full = await poll(d);
    const bodyChanged = !isDeepStrictEqual(full.body, before.body);
    expect(full.etag !== before.etag, `${name}: the tag changes exactly when the body does`).toBe(bodyChanged);
    expect(next.status, `${name}: next poll`).toBe(bodyChanged ? 200 : 304);
    if (next.status === 200) expect(next.body).toEqual(full.body);
    expect((await poll(d, full.etag)).status, `${name}: unchanged poll`).toBe(304);
    last.set(d.uuid, { etag: full.etag, body: full.body! });
    if (bodyChanged) changed.push(name);
  }
  return changed.sort();
}

/** Environment of `service` in a device's last body (undefined when its target lacks it). */
function envOf(name: keyof typeof devices, service: string): Record<string, string> | undefined {
  const d = devices[name];
  const apps = last.get(d.uuid)!.body[d.uuid]!.apps;
  const [release] = Object.values(Object.values(apps)[0]!.releases);
  return release?.services[service]?.environment;
}
const configOf = (name: keyof typeof devices) => last.get(devices[name].uuid)!.body[devices[name].uuid]!.config;

/** Create, change the value, delete: which devices each step changed. */
async function lifecycle(resource: string, body: Record<string, unknown>, newValue: string): Promise<{ created: string[]; updated: string[]; deleted: string[]; id: number }> {
  let id = 0;
  const created = await changedBy(async () => {
    id = (await v7<{ id: number }>('POST', `/v7/${resource}`, body)).id;
  });
  const updated = await changedBy(() => v7('PATCH', `/v7/${resource}(${id})`, { value: newValue }));
  const deleted = await changedBy(() => v7('DELETE', `/v7/${resource}(${id})`));
  return { created, updated, deleted, id };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  fleetA = await createFleetWithProvisioningKey(db);
  fleetB = await createFleetWithProvisioningKey(db);
  key = (await createUserWithKey(db, fleetA.applicationId, 'developer')).apiKey;
  v7 = createApi(ctx.app, key);
  const r1 = await releaseWithServices(db, fleetA.applicationId, ['main']);
  const r2 = await releaseWithServices(db, fleetA.applicationId, ['main', 'worker']);
  await releaseWithServices(db, fleetB.applicationId, ['main']);
  await v7('PATCH', `/v7/application(${fleetA.applicationId})`, { should_be_running__release: r2.releaseId, should_track_latest_release: false });
  services = { main: r2.serviceIds.main!, worker: r2.serviceIds.worker! };
  devices.a1 = await registerDevice(ctx.app, fleetA);
  devices.a2 = await registerDevice(ctx.app, fleetA);
  devices.a3 = await registerDevice(ctx.app, fleetA);
  devices.b1 = await registerDevice(ctx.app, fleetB);
  await v7('PATCH', `/v7/device(${devices.a3.id})`, { is_pinned_on__release: r1.releaseId });
  await syncAll();
  expect(Object.keys(last.get(devices.a3.uuid)!.body[devices.a3.uuid]!.apps[fleetA.applicationUuid]!.releases)).toEqual([r1.commit]);
});
afterAll(async () => {
  await ctx?.close();
});

const serviceInstall = async (device: PolledDevice, service: number) =>
  (await v7<{ d: Array<{ id: number }> }>('GET', `/v7/service_install?$select=id&$filter=device eq ${device.id} and installs__service eq ${service}`)).d[0]!.id;

describe('the target state follows every variable change, for exactly the devices concerned', () => {
  it('fleet environment variable: every device of the fleet, pinned or not; not the other fleet', async () => {
    const steps = await lifecycle('application_environment_variable', { application: fleetA.applicationId, name: 'GREETING', value: 'hello' }, 'bye');
    expect(steps).toMatchObject({ created: ['a1', 'a2', 'a3'], updated: ['a1', 'a2', 'a3'], deleted: ['a1', 'a2', 'a3'] });
    expect(envOf('a1', 'worker')?.GREETING).toBeUndefined();
  });

  it('fleet configuration variable: every device of the fleet, in config; not the other fleet', async () => {
    await changedBy(() => v7('POST', '/v7/application_config_variable', { application: fleetA.applicationId, name: 'BALENA_HOST_CONFIG_gpu_mem', value: '64' }));
    expect(configOf('a3')).toMatchObject({ BALENA_HOST_CONFIG_gpu_mem: '64' });
    expect(configOf('b1').BALENA_HOST_CONFIG_gpu_mem).toBeUndefined();
    const steps = await lifecycle('application_config_variable', { application: fleetA.applicationId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '700000' }, '800000');
    expect(steps).toMatchObject({ created: ['a1', 'a2', 'a3'], updated: ['a1', 'a2', 'a3'], deleted: ['a1', 'a2', 'a3'] });
  });

  it('service environment variable: the devices whose target release has the service', async () => {
    // main is in r1 and r2: every device of fleet A.
    const main = await lifecycle('service_environment_variable', { service: services.main, name: 'PORT', value: '80' }, '8080');
    expect(main).toMatchObject({ created: ['a1', 'a2', 'a3'], updated: ['a1', 'a2', 'a3'], deleted: ['a1', 'a2', 'a3'] });
    // worker is only in r2: not a3, pinned to r1.
    const worker = await lifecycle('service_environment_variable', { service: services.worker, name: 'QUEUE', value: 'jobs' }, 'tasks');
    expect(worker).toMatchObject({ created: ['a1', 'a2'], updated: ['a1', 'a2'], deleted: ['a1', 'a2'] });
  });

  it('device environment variable: that device only', async () => {
    const steps = await lifecycle('device_environment_variable', { device: devices.a2.id, name: 'SITE', value: 'north' }, 'south');
    expect(steps).toMatchObject({ created: ['a2'], updated: ['a2'], deleted: ['a2'] });
  });

  it('device configuration variable: that device only', async () => {
    const steps = await lifecycle('device_config_variable', { device: devices.a1.id, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '900000' }, '950000');
    expect(steps).toMatchObject({ created: ['a1'], updated: ['a1'], deleted: ['a1'] });
  });

  it('device-service environment variable: that device only, and only when its target runs the service', async () => {
    const steps = await lifecycle('device_service_environment_variable', { service_install: await serviceInstall(devices.a1, services.worker), name: 'QUEUE', value: 'mine' }, 'ours');
    expect(steps).toMatchObject({ created: ['a1'], updated: ['a1'], deleted: ['a1'] });
    // a3's worker install exists (every service of the fleet), but its pinned release has no worker.
    const none = await lifecycle('device_service_environment_variable', { service_install: await serviceInstall(devices.a3, services.worker), name: 'QUEUE', value: 'mine' }, 'ours');
    expect(none).toMatchObject({ created: [], updated: [], deleted: [] });
  });

  it('writing the value a variable already has changes nobody', async () => {
    const id = (await v7<{ id: number }>('POST', '/v7/application_environment_variable', { application: fleetA.applicationId, name: 'SAME', value: 'x' })).id;
    await syncAll();
    expect(await changedBy(() => v7('PATCH', `/v7/application_environment_variable(${id})`, { value: 'x' }))).toEqual([]);
    await changedBy(() => v7('DELETE', `/v7/application_environment_variable(${id})`));
  });

  it('precedence in the body: device-service > device > service > fleet env; device config > fleet config under either namespace', async () => {
    const vars: Array<[string, Record<string, unknown>]> = [
      ['application_environment_variable', { application: fleetA.applicationId, name: 'MODE', value: 'fleet' }],
      ['service_environment_variable', { service: services.main, name: 'MODE', value: 'service' }],
      ['device_environment_variable', { device: devices.a1.id, name: 'MODE', value: 'device' }],
      ['device_service_environment_variable', { service_install: await serviceInstall(devices.a1, services.main), name: 'MODE', value: 'device-service' }],
      ['application_config_variable', { application: fleetA.applicationId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '700000' }],
      ['application_config_variable', { application: fleetA.applicationId, name: 'BALENA_SUPERVISOR_PERSISTENT_LOGGING', value: 'false' }],
      // The supervisor writes RESIN_* names (compat §5.2 step 5): it must still beat the fleet's BALENA_*.
      ['device_config_variable', { device: devices.a1.id, name: 'RESIN_SUPERVISOR_POLL_INTERVAL', value: '900000' }],
      ['device_config_variable', { device: devices.a2.id, name: 'BALENA_SUPERVISOR_PERSISTENT_LOGGING', value: 'true' }],
    ];
    const created: Array<[string, number]> = [];
    await changedBy(async () => {
      for (const [resource, body] of vars) created.push([resource, (await v7<{ id: number }>('POST', `/v7/${resource}`, body)).id]);
    });
    expect(envOf('a1', 'main')?.MODE).toBe('device-service');
    expect(envOf('a1', 'worker')?.MODE).toBe('device');
    expect(envOf('a2', 'main')?.MODE).toBe('service');
    expect(envOf('a2', 'worker')?.MODE).toBe('fleet');
    expect(envOf('a3', 'main')?.MODE).toBe('service');
    expect(envOf('b1', 'main')?.MODE).toBeUndefined();

    expect(configOf('a1')).toMatchObject({ RESIN_SUPERVISOR_POLL_INTERVAL: '900000', BALENA_SUPERVISOR_PERSISTENT_LOGGING: 'false' });
    expect(configOf('a1').BALENA_SUPERVISOR_POLL_INTERVAL, 'the fleet value the device overrides is not sent beside it').toBeUndefined();
    expect(configOf('a2')).toMatchObject({ BALENA_SUPERVISOR_POLL_INTERVAL: '700000', RESIN_SUPERVISOR_POLL_INTERVAL: '700000', BALENA_SUPERVISOR_PERSISTENT_LOGGING: 'true' });
    expect(configOf('b1').BALENA_SUPERVISOR_POLL_INTERVAL).toBeUndefined();

    // Removing the device override: the fleet value shows through again, for that device only.
    const override = created.find(([r, id]) => r === 'device_config_variable' && id)!;
    expect(await changedBy(() => v7('DELETE', `/v7/device_config_variable(${override[1]})`))).toEqual(['a1']);
    expect(configOf('a1')).toMatchObject({ BALENA_SUPERVISOR_POLL_INTERVAL: '700000', RESIN_SUPERVISOR_POLL_INTERVAL: '700000' });
    for (const [resource, id] of created.filter(([, id]) => id !== override[1])) await v7('DELETE', `/v7/${resource}(${id})`);
    await syncAll();
  });
});
