import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createUserWithKey, newDeviceUuid, type TestFleetWithKey } from './device-test-factories.ts';

/**
 * GET /device/v3/:uuid/state answers 304 while the target state is the same and 200 with a new
 * ETag exactly when it is not (compat §5.3): a supervisor downloads only when its ETag stops
 * matching, so a tag that changes too rarely strands devices on an old release and one that
 * changes too often makes every poll a full answer. Releases, services and images are made
 * through the public API as `balena deploy` makes them (compat §8).
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function api<T = Record<string, unknown>>(key: string, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: Record<string, unknown>): Promise<T> {
  const res = await ctx.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body ? res.json() : {}) as T;
}

interface Poll {
  status: number;
  etag: string | undefined;
  body: Record<string, { apps: Record<string, { releases: Record<string, { services: Record<string, { image: string; environment: Record<string, string> }> }> }> }> | null;
}

/** The device's poll: with its key, and the last ETag it saw as If-None-Match. */
async function poll(device: { uuid: string; apiKey: string }, etag?: string): Promise<Poll> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/device/v3/${device.uuid}/state`,
    headers: { ...bearer(device.apiKey), ...(etag ? { 'if-none-match': etag } : {}) },
  });
  const header = res.headers.etag;
  return { status: res.statusCode, etag: typeof header === 'string' ? header : undefined, body: res.statusCode === 200 ? res.json() : null };
}

/** The target release's commit and its services in a 200 answer. */
function target(p: Poll, device: { uuid: string }, appUuid: string) {
  const releases = p.body?.[device.uuid]?.apps[appUuid]?.releases ?? {};
  const [commit] = Object.keys(releases);
  return { commit, services: commit ? releases[commit]!.services : {} };
}

/**
 * A release with `services` (one image each) the way `balena deploy` makes it: the release
 * running, the services found or created, each image created (the API assigns its location)
 * and linked, then the release marked successful, which makes it the target of a fleet that
 * tracks the latest release.
 */
async function deployRelease(key: string, fleet: TestFleetWithKey, services: string[]): Promise<{ id: number; commit: string; images: Record<string, string> }> {
  const commit = randomBytes(16).toString('hex');
  const release = await api<{ id: number }>(key, 'POST', '/v7/release', {
    belongs_to__application: fleet.applicationId,
    commit,
    composition: { version: '2.1', services: Object.fromEntries(services.map((s) => [s, { image: s }])) },
    status: 'running',
    source: 'local',
    start_timestamp: new Date().toISOString(),
  });
  const images: Record<string, string> = {};
  for (const name of services) {
    const found = await api<{ d: Array<{ id: number }> }>(key, 'GET', `/v7/service?$select=id&$filter=application eq ${fleet.applicationId} and service_name eq '${name}'`);
    const serviceId = found.d[0]?.id ?? (await api<{ id: number }>(key, 'POST', '/v7/service', { application: fleet.applicationId, service_name: name })).id;
    const image = await api<{ id: number; is_stored_at__image_location: string }>(key, 'POST', '/v7/image', {
      is_a_build_of__service: serviceId,
      status: 'running',
      start_timestamp: new Date().toISOString(),
    });
    expect(image.is_stored_at__image_location, 'the API assigns the image its location').toBeTruthy();
    await api(key, 'PATCH', `/v7/image(${image.id})`, { status: 'success', end_timestamp: new Date().toISOString(), push_timestamp: new Date().toISOString() });
    await api(key, 'POST', '/v7/image__is_part_of__release', { is_part_of__release: release.id, image: image.id });
    images[name] = image.is_stored_at__image_location;
  }
  await api(key, 'PATCH', `/v7/release(${release.id})`, { status: 'success', end_timestamp: new Date().toISOString() });
  return { id: release.id, commit, images };
}

async function registerDevice(fleet: TestFleetWithKey): Promise<{ id: number; uuid: string; apiKey: string }> {
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const res = await api<{ id: number }>(fleet.provisioningKey, 'POST', '/device/register', { uuid, device_type: 'raspberrypi4-64', api_key: apiKey });
  return { id: res.id, uuid, apiKey };
}

describe('target state ETag (compat §5.3)', () => {
  it('changes exactly when the body changes: new latest release, variables, fleet target, device pin', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const { apiKey: key } = await createUserWithKey(ctx.database.db, fleet.applicationId, 'developer');
    const device = await registerDevice(fleet);

    // No release yet: the fleet with `"releases": {}`; asking again with that tag is a 304.
    const empty = await poll(device);
    expect(empty.status).toBe(200);
    expect(empty.etag).toMatch(/^W\/".+"$/);
    expect(target(empty, device, fleet.applicationUuid).commit).toBeUndefined();
    const again = await poll(device, empty.etag);
    expect(again.status).toBe(304);
    expect(again.etag).toBe(empty.etag);

    // Tracking latest: a successful release becomes the target, so the next poll downloads it.
    const r1 = await deployRelease(key, fleet, ['api', 'web']);
    const first = await poll(device, empty.etag);
    expect(first.status).toBe(200);
    expect(first.etag).not.toBe(empty.etag);
    const t1 = target(first, device, fleet.applicationUuid);
    expect(t1.commit).toBe(r1.commit);
    expect(Object.keys(t1.services)).toEqual(['api', 'web']);
    expect(t1.services.web?.image).toBe(r1.images.web);
    expect((await poll(device, first.etag)).status).toBe(304);

    // A fleet environment variable reaches every service: new body, new tag.
    await api(key, 'POST', '/v7/application_environment_variable', { application: fleet.applicationId, name: 'MODE', value: 'a' });
    const withVar = await poll(device, first.etag);
    expect(withVar.status).toBe(200);
    expect(target(withVar, device, fleet.applicationUuid).services.api?.environment).toMatchObject({ MODE: 'a' });
    const varId = (await api<{ d: Array<{ id: number }> }>(key, 'GET', `/v7/application_environment_variable?$select=id&$filter=application eq ${fleet.applicationId} and name eq 'MODE'`)).d[0]!.id;

    // Writing the value it already has, or a dashboard-only (*_UI_*) config variable the device
    // never receives, leaves the body as it was: still 304.
    await api(key, 'PATCH', `/v7/application_environment_variable(${varId})`, { value: 'a' });
    await api(key, 'POST', '/v7/application_config_variable', { application: fleet.applicationId, name: 'BALENA_UI_THEME', value: 'dark' });
    expect((await poll(device, withVar.etag)).status).toBe(304);

    // The value changes: 200, and the tag differs from every earlier one.
    await api(key, 'PATCH', `/v7/application_environment_variable(${varId})`, { value: 'b' });
    const changedVar = await poll(device, withVar.etag);
    expect(changedVar.status).toBe(200);
    expect(new Set([empty.etag, first.etag, withVar.etag, changedVar.etag]).size).toBe(4);

    // Things outside the target state (the device's note, its reported metrics and heartbeat,
    // a release tag) do not change it.
    await api(key, 'PATCH', `/v7/device(${device.id})`, { note: 'in the greenhouse' });
    await api(device.apiKey, 'PATCH', '/device/v3/state', { [device.uuid]: { cpu_usage: 12, memory_usage: 100, memory_total: 1000 } });
    await api(key, 'POST', '/v7/release_tag', { release: r1.id, tag_key: 'note', value: 'first' });
    expect((await poll(device, changedVar.etag)).status).toBe(304);

    // The fleet is pinned to r1 (no longer tracking latest): a newer release changes nothing…
    await api(key, 'PATCH', `/v7/application(${fleet.applicationId})`, { should_be_running__release: r1.id, should_track_latest_release: false });
    expect((await poll(device, changedVar.etag)).status).toBe(304);
    const r2 = await deployRelease(key, fleet, ['api', 'web', 'worker']);
    expect((await poll(device, changedVar.etag)).status).toBe(304);

    // …until the fleet's target is set to it.
    await api(key, 'PATCH', `/v7/application(${fleet.applicationId})`, { should_be_running__release: r2.id });
    const fleetTarget = await poll(device, changedVar.etag);
    expect(fleetTarget.status).toBe(200);
    expect(target(fleetTarget, device, fleet.applicationUuid).commit).toBe(r2.commit);
    expect(Object.keys(target(fleetTarget, device, fleet.applicationUuid).services)).toEqual(['api', 'web', 'worker']);

    // The device pinned back to r1: its own target changes, with the variable it already had.
    await api(key, 'PATCH', `/v7/device(${device.id})`, { is_pinned_on__release: r1.id });
    const pinned = await poll(device, fleetTarget.etag);
    expect(pinned.status).toBe(200);
    expect(target(pinned, device, fleet.applicationUuid).commit).toBe(r1.commit);
    expect(pinned.etag, 'the same body as before the fleet moved: the same tag').toBe(changedVar.etag);
    expect((await poll(device, pinned.etag)).status).toBe(304);

    // A device-level variable overrides the fleet's for this device only.
    await api(key, 'POST', '/v7/device_environment_variable', { device: device.id, name: 'MODE', value: 'device' });
    const deviceVar = await poll(device, pinned.etag);
    expect(deviceVar.status).toBe(200);
    expect(target(deviceVar, device, fleet.applicationUuid).services.web?.environment).toMatchObject({ MODE: 'device' });

    // Unpinned, the device follows the fleet's target again.
    await api(key, 'PATCH', `/v7/device(${device.id})`, { is_pinned_on__release: null });
    const unpinned = await poll(device, deviceVar.etag);
    expect(unpinned.status).toBe(200);
    expect(target(unpinned, device, fleet.applicationUuid).commit).toBe(r2.commit);
  });

  it('answers the same tag to two devices of the fleet only when their bodies match', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const { apiKey: key } = await createUserWithKey(ctx.database.db, fleet.applicationId, 'developer');
    await deployRelease(key, fleet, ['main']);
    const a = await registerDevice(fleet);
    const b = await registerDevice(fleet);
    // Each body is keyed by the device's own uuid and name: different devices, different tags.
    const [pa, pb] = [await poll(a), await poll(b)];
    expect(pa.etag).not.toBe(pb.etag);
    // One device's tag never answers 304 for the other.
    expect((await poll(b, pa.etag)).status).toBe(200);
  });
});
