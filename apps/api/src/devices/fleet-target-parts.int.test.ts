import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { defaultConfig } from '../lib/config.ts';
import type { TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createRelease, createUserWithKey, newDeviceUuid, type TestFleetWithKey, type TestRelease } from './device-test-factories.ts';
import { countedTestApp } from '../test/counted-app.ts';

/**
 * A device's own poll builds a changed state from its own part (read by the poll's second
 * statement) over the fleet's part, kept in memory by fleet version (fleet-target-parts.ts).
 * That answer must be byte for byte the one the whole-state read gives (a user's GET of the same
 * state), for every layer of variables and labels, pinned or not, v2 and v3; a write made
 * through another API process must reach the next poll; and the polls a deploy sets off at once
 * must share one read of the fleet's part.
 */
const world = countedTestApp();

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function registerDevice(app: TestContext['app'], fleet: TestFleetWithKey): Promise<{ id: number; uuid: string; apiKey: string }> {
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const res = await app.inject({ method: 'POST', url: '/device/register', headers: bearer(fleet.provisioningKey), payload: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: number }>().id, uuid, apiKey };
}

async function getState(app: TestContext['app'], key: string, uuid: string, version: 'v2' | 'v3', etag?: string) {
  const res = await app.inject({ method: 'GET', url: `/device/${version}/${uuid}/state`, headers: { ...bearer(key), ...(etag ? { 'if-none-match': etag } : {}) } });
  return { status: res.statusCode, etag: String(res.headers.etag), body: res.body };
}

/** A second service `web` in the release, with an image, labels and variables on every fleet-side layer. */
async function addLayers(release: TestRelease, fleetId: number): Promise<void> {
  const db = world.db;
  const web = await db.insertInto('service').values({ application: fleetId, service_name: 'web' }).returning('id').executeTakeFirstOrThrow();
  const image = await db
    .insertInto('image')
    .values({ is_a_build_of__service: web.id, is_stored_at__image_location: `registry.local/v2/web${release.releaseId}`, status: 'success', content_hash: 'sha256:abc' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ri = await db.insertInto('release_image').values({ image: image.id, is_part_of__release: release.releaseId }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('image_label').values({ release_image: ri.id, label_name: 'io.balena.features.supervisor-api', value: '1' }).execute();
  await db.insertInto('image_environment_variable').values({ release_image: ri.id, name: 'FROM_IMAGE', value: 'i' }).execute();
  await db.insertInto('service_label').values({ service: release.serviceId, label_name: 'team', value: 'core' }).execute();
  await db.insertInto('service_environment_variable').values({ service: release.serviceId, name: 'FROM_SERVICE', value: 's' }).execute();
  await db.insertInto('application_environment_variable').values({ application: fleetId, name: 'FROM_FLEET', value: 'f' }).execute();
  await db.insertInto('application_config_variable').values({ application: fleetId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '900000' }).execute();
}

/** The device's own layers: a config variable, an environment variable and one for service `main`. */
async function addDeviceLayers(deviceId: number, serviceId: number, tag: string): Promise<void> {
  const db = world.db;
  await db.insertInto('device_config_variable').values({ device: deviceId, name: 'BALENA_HOST_CONFIG_gpu_mem', value: tag }).execute();
  await db.insertInto('device_environment_variable').values({ device: deviceId, name: 'FROM_DEVICE', value: tag }).execute();
  const install = await db.selectFrom('service_install').select('id').where('device', '=', deviceId).where('installs__service', '=', serviceId).executeTakeFirstOrThrow();
  await db.insertInto('device_service_environment_variable').values({ service_install: install.id, name: 'FROM_DEVICE_SERVICE', value: tag }).execute();
}

describe('target state from the fleet part in memory', () => {
  it('answers a device exactly as the whole-state read does, every layer, pinned or not, v2 and v3', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const { apiKey: userKey } = await createUserWithKey(world.db, fleet.applicationId, 'developer');
    const older = await createRelease(world.db, fleet.applicationId);
    const target = await createRelease(world.db, fleet.applicationId, { makeTarget: true });
    await addLayers(target, fleet.applicationId);
    const plain = await registerDevice(world.ctx.app, fleet);
    const layered = await registerDevice(world.ctx.app, fleet);
    const pinned = await registerDevice(world.ctx.app, fleet);
    await addDeviceLayers(layered.id, target.serviceId, 'one');
    await addDeviceLayers(pinned.id, target.serviceId, 'two');
    await world.db.updateTable('device').set({ is_pinned_on__release: older.releaseId }).where('id', '=', pinned.id).execute();

    for (const device of [plain, layered, pinned]) {
      for (const version of ['v3', 'v2'] as const) {
        const own = await getState(world.ctx.app, device.apiKey, device.uuid, version);
        const whole = await getState(world.ctx.app, userKey, device.uuid, version);
        expect(own.status).toBe(200);
        expect(own.body).toBe(whole.body);
        expect(own.etag).toBe(whole.etag);
      }
    }
    // The same polls at once: one batch reads the three devices' parts, each still its own.
    const together = await Promise.all([plain, layered, pinned].map((d) => getState(world.ctx.app, d.apiKey, d.uuid, 'v3')));
    const wholes = await Promise.all([plain, layered, pinned].map((d) => getState(world.ctx.app, userKey, d.uuid, 'v3')));
    expect(together.map((t) => t.body)).toEqual(wholes.map((w) => w.body));
    const layeredState = JSON.parse((await getState(world.ctx.app, layered.apiKey, layered.uuid, 'v3')).body) as Record<string, { apps: Record<string, { releases: Record<string, { services: Record<string, { environment: Record<string, string> }> }> }> }>;
    const services = layeredState[layered.uuid]!.apps[fleet.applicationUuid]!.releases[target.commit]!.services;
    expect(services.main!.environment).toMatchObject({ FROM_FLEET: 'f', FROM_SERVICE: 's', FROM_DEVICE: 'one', FROM_DEVICE_SERVICE: 'one' });
    expect(services.web!.environment).toMatchObject({ FROM_FLEET: 'f', FROM_IMAGE: 'i', FROM_DEVICE: 'one' });
    expect(services.web!.environment).not.toHaveProperty('FROM_DEVICE_SERVICE');
    const pinnedState = (await getState(world.ctx.app, pinned.apiKey, pinned.uuid, 'v3')).body;
    expect(pinnedState).toContain(older.commit);
    expect(pinnedState).not.toContain(target.commit);
  });

  it('sees a write made through another API process on the next poll, and stores the tag that names it', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const { apiKey: userKey } = await createUserWithKey(world.db, fleet.applicationId, 'developer');
    await createRelease(world.db, fleet.applicationId, { makeTarget: true });
    const device = await registerDevice(world.ctx.app, fleet);
    const other = await buildApp({ db: world.db, config: defaultConfig({ jwtSecret: 'another-process-secret-0123456789' }) });
    try {
      const before = await getState(world.ctx.app, device.apiKey, device.uuid, 'v3');
      await world.ctx.app.targetTags.flush();
      expect((await getState(world.ctx.app, device.apiKey, device.uuid, 'v3', before.etag)).status).toBe(304);
      const res = await other.inject({ method: 'POST', url: '/v7/application_environment_variable', headers: bearer(userKey), payload: { application: fleet.applicationId, name: 'LATE', value: 'yes' } });
      expect(res.statusCode, res.body).toBe(201);
      const after = await getState(world.ctx.app, device.apiKey, device.uuid, 'v3', before.etag);
      expect(after.status).toBe(200);
      expect(after.body).toContain('"LATE":"yes"');
      expect(after.etag).not.toBe(before.etag);
      await world.ctx.app.targetTags.flush();
      // The other process builds the same body: the same tag, a 304 there too.
      expect((await getState(other, device.apiKey, device.uuid, 'v3', after.etag)).status).toBe(304);
      expect((await getState(world.ctx.app, device.apiKey, device.uuid, 'v3', after.etag)).status).toBe(304);
    } finally {
      await other.close();
    }
  });

  it('reads the fleet part once for the polls a new release sets off together, and shares one head statement among their 304s', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    await createRelease(world.db, fleet.applicationId, { makeTarget: true });
    const devices = await Promise.all(Array.from({ length: 6 }, () => registerDevice(world.ctx.app, fleet)));
    const first = await Promise.all(devices.map((d) => getState(world.ctx.app, d.apiKey, d.uuid, 'v3')));
    await world.ctx.app.targetTags.flush();
    await createRelease(world.db, fleet.applicationId, { makeTarget: true, serviceName: 'next' });

    const changed = await world.counter.measure(() => Promise.all(devices.map((d, i) => getState(world.ctx.app, d.apiKey, d.uuid, 'v3', first[i]!.etag))));
    expect(changed.result.map((r) => r.status)).toEqual(devices.map(() => 200));
    const fleetReads = changed.statements.filter((s) => s.includes('AS services'));
    expect(fleetReads).toHaveLength(1);
    // The polls were read in one turn, so they share their statements (poll-reads.ts): one head
    // for all, one read of their own parts, and the one fleet read; the tags are stored after the
    // answers, charged to none of them.
    expect(changed.statements).toHaveLength(3);
    expect(changed.statements.filter((s) => s.includes('WITH ORDINALITY'))).toHaveLength(1);

    await world.ctx.app.targetTags.flush();
    const again = await world.counter.measure(() => Promise.all(devices.map((d, i) => getState(world.ctx.app, d.apiKey, d.uuid, 'v3', changed.result[i]!.etag))));
    expect(again.result.map((r) => r.status)).toEqual(devices.map(() => 304));
    expect(again.statements).toHaveLength(1);
  });
});
