// Drives the unmodified, published balena-sdk against a live Flotilla server: the calls of
// compat/balena-api.md §2.11 that fall in the platform-foundation scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { getSdk } from 'balena-sdk';
import { startLiveServer } from './live-server.ts';

type Sdk = ReturnType<typeof getSdk>;
let server: Awaited<ReturnType<typeof startLiveServer>>;

const sdkFor = () => getSdk({ apiUrl: server.url, dataDirectory: false, deviceUrlsBase: 'devices.local' } as never) as Sdk;
const unique = () => randomBytes(4).toString('hex');

async function signedUpSdk(): Promise<{ sdk: Sdk; email: string; password: string }> {
  const sdk = sdkFor();
  const email = `u${unique()}@example.com`;
  const password = 'correct horse battery';
  await sdk.auth.register({ email, password } as never);
  await sdk.auth.login({ email, password });
  return { sdk, email, password };
}

async function orgAndFleet(sdk: Sdk): Promise<{ handle: string; slug: string; fleetId: number }> {
  const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
  const name = `fleet${unique()}`;
  const app = await sdk.models.application.create({ name, deviceType: 'raspberrypi4-64', organization: org.handle });
  return { handle: org.handle, slug: app.slug, fleetId: app.id };
}

beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server?.close();
});

describe('balena-sdk against Flotilla', () => {
  it('logs in, answers whoami, and reports logged out after logout', async () => {
    const { sdk, email } = await signedUpSdk();
    expect(await sdk.auth.isLoggedIn()).toBe(true);
    const me = await sdk.auth.whoami();
    expect(me).toMatchObject({ actorType: 'user', email });
    const info = await sdk.auth.getUserInfo();
    expect(info.email).toBe(email);
    expect(info.actor).not.toBe(info.id);
    await sdk.auth.logout();
    expect(await sdk.auth.isLoggedIn()).toBe(false);
  });

  it('rejects bad credentials with the SDK invalid-credentials error', async () => {
    const { email } = await signedUpSdk();
    const other = sdkFor();
    await expect(other.auth.login({ email, password: 'wrong password!' })).rejects.toMatchObject({ code: 'BalenaInvalidLoginCredentials' });
  });

  it('creates and lists fleets, including the directly-accessible lookup the CLI uses', async () => {
    const { sdk } = await signedUpSdk();
    const { slug, fleetId } = await orgAndFleet(sdk);
    const all = await sdk.models.application.getAll({ $select: ['id', 'slug'] });
    expect(all.map((a) => a.id)).toContain(fleetId);
    const direct = await sdk.models.application.getAllDirectlyAccessible({
      $select: ['id', 'app_name', 'slug'],
      $expand: { is_for__device_type: { $select: 'slug' }, owns__device: { $select: 'is_online' } },
    });
    const fleet = direct.find((a) => a.id === fleetId)!;
    expect(fleet.slug).toBe(slug);
    expect((fleet.is_for__device_type as unknown as { slug: string }[])[0]!.slug).toBe('raspberrypi4-64');
    expect(fleet.owns__device).toEqual([]);
    const bySlug = await sdk.models.application.get(slug, { $select: ['id', 'app_name'] });
    expect(bySlug.id).toBe(fleetId);
  });

  it('registers devices, lists and renames them', async () => {
    const { sdk } = await signedUpSdk();
    const { slug } = await orgAndFleet(sdk);
    const uuid = sdk.models.device.generateUniqueKey();
    const reg = await sdk.models.device.register(slug, uuid);
    expect(reg).toMatchObject({ uuid });
    expect(typeof reg.api_key).toBe('string');
    const devices = await sdk.models.device.getAllByApplication(slug, { $select: ['id', 'uuid', 'device_name'] });
    expect(devices.map((d) => d.uuid)).toEqual([uuid]);
    await sdk.models.device.rename(uuid, 'kitchen-sensor');
    const d = await sdk.models.device.get(uuid, { $select: ['device_name', 'overall_status'] });
    expect(d.device_name).toBe('kitchen-sensor');
    expect(typeof d.overall_status).toBe('string');
  });

  it('sets and upserts fleet and device variables and device tags', async () => {
    const { sdk } = await signedUpSdk();
    const { slug } = await orgAndFleet(sdk);
    const uuid = sdk.models.device.generateUniqueKey();
    await sdk.models.device.register(slug, uuid);

    await sdk.models.application.envVar.set(slug, 'FOO', 'one');
    await sdk.models.application.envVar.set(slug, 'FOO', 'two'); // 409 "unique" → PATCH
    expect(await sdk.models.application.envVar.get(slug, 'FOO')).toBe('two');
    await sdk.models.application.configVar.set(slug, 'BALENA_SUPERVISOR_POLL_INTERVAL', '60000');
    expect(await sdk.models.application.configVar.get(slug, 'BALENA_SUPERVISOR_POLL_INTERVAL')).toBe('60000');

    await sdk.models.device.envVar.set(uuid, 'BAR', 'x');
    await sdk.models.device.envVar.set(uuid, 'BAR', 'y');
    expect(await sdk.models.device.envVar.get(uuid, 'BAR')).toBe('y');

    await sdk.models.device.tags.set(uuid, 'location', 'lab');
    await sdk.models.device.tags.set(uuid, 'location', 'roof');
    const tags = await sdk.models.device.tags.getAllByDevice(uuid);
    expect(tags.map((t) => [t.tag_key, t.value])).toEqual([['location', 'roof']]);
  });

  it('creates an API key and uses it as a credential', async () => {
    const { sdk, email } = await signedUpSdk();
    const key = await sdk.models.apiKey.create({ name: 'ci key', expiryDate: null } as never);
    expect(typeof key).toBe('string');
    const keySdk = sdkFor();
    await keySdk.auth.loginWithToken(key);
    expect(await keySdk.auth.whoami()).toMatchObject({ actorType: 'user', email });
    const keys = await sdk.models.apiKey.getAll({ $select: ['id', 'name'] });
    expect(keys.map((k) => k.name)).toContain('ci key');
  });

  it('creates a provisioning key for a fleet', async () => {
    const { sdk } = await signedUpSdk();
    const { slug } = await orgAndFleet(sdk);
    const key = await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: slug, keyExpiryDate: '2030-01-01T00:00:00.000Z', keyName: 'prov' });
    const provSdk = sdkFor();
    await provSdk.auth.loginWithToken(key);
    expect(await provSdk.auth.whoami()).toMatchObject({ actorType: 'application', slug });
    const provKeys = await sdk.models.apiKey.getProvisioningApiKeysByApplication(slug);
    expect(provKeys.map((k) => k.name)).toContain('prov');
  });

  it("lets a second user see and change none of the first user's fleets or devices", async () => {
    const { sdk: alice } = await signedUpSdk();
    const { slug, fleetId } = await orgAndFleet(alice);
    const uuid = alice.models.device.generateUniqueKey();
    await alice.models.device.register(slug, uuid);

    const { sdk: bob } = await signedUpSdk();
    expect((await bob.models.application.getAll()).map((a) => a.id)).not.toContain(fleetId);
    await expect(bob.models.application.get(slug)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await expect(bob.models.device.get(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.device.rename(uuid, 'pwned')).rejects.toBeTruthy();
    // A fleet Bob cannot see does not exist for him: 404, the same as a fleet that was never created.
    await expect(bob.pine.patch({ resource: 'application', id: fleetId, body: { app_name: 'pwned' } })).rejects.toMatchObject({ statusCode: 404 });
    await expect(bob.pine.delete({ resource: 'application', id: fleetId })).rejects.toMatchObject({ statusCode: 404 });
    await expect(bob.pine.post({ resource: 'application_environment_variable', body: { application: fleetId, name: 'X', value: '1' } })).rejects.toBeTruthy();
    const stillMine = await alice.models.application.get(fleetId, { $select: ['app_name'] });
    expect(stillMine.app_name).not.toBe('pwned');
    expect((await alice.models.device.get(uuid, { $select: ['device_name'] })).device_name).not.toBe('pwned');
    expect(await alice.models.application.envVar.getAllByApplication(fleetId)).toEqual([]);
  });
});
