// balena-sdk models.apiKey against a live Flotilla server (compat/balena-api.md §2.11 #23–24, §3.5).
import { describe, expect, it } from 'vitest';
import { orgAndFleet, recordStatuses, registeredDevice, sdkFor, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

describe('api keys', () => {
  it('creates named user keys (POST /api-key/user/full answers a JSON string) and lists them', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const statuses = recordStatuses(sdk);
    const key = await sdk.models.apiKey.create({ name: 'ci', expiryDate: '2031-01-01T00:00:00.000Z', description: 'for CI' });
    expect(statuses.at(-1)).toMatchObject({ status: 200 });
    expect(typeof key).toBe('string');
    expect(key.split('.')).toHaveLength(1); // opaque, so balena-auth classifies it as an API key
    await sdk.models.apiKey.create({ name: 'another', expiryDate: null });
    const all = await sdk.models.apiKey.getAll({ $select: ['name', 'description', 'expiry_date'] });
    expect(all).toEqual([
      { name: 'another', description: null, expiry_date: null },
      { name: 'ci', description: 'for CI', expiry_date: '2031-01-01T00:00:00.000Z' },
    ]);
    const named = await sdk.models.apiKey.getAllNamedUserApiKeys({ $select: ['name', 'is_of__actor'] });
    const actorId = await sdk.auth.getActorId();
    expect(named.map((k) => k.name)).toEqual(['another', 'ci']);
    expect(named.every((k) => (k.is_of__actor as unknown as { __id: number }).__id === actorId)).toBe(true);
    // The secret is never readable back.
    const [raw] = await sdk.pine.get({ resource: 'api_key', options: { $filter: { name: 'ci' } } });
    expect(JSON.stringify(raw)).not.toContain(key);
  });

  it('refuses to create a user key without a session (the SDK maps it to BalenaNotLoggedIn)', async () => {
    const anon = sdkFor(server.current);
    await expect(anon.models.apiKey.create({ name: 'x', expiryDate: null })).rejects.toMatchObject({ code: 'BalenaNotLoggedIn' });
  });

  it('updates a key’s name, description and expiry, and revokes it so that it stops working', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const key = await sdk.models.apiKey.create({ name: 'temp', expiryDate: null });
    const [{ id }] = (await sdk.models.apiKey.getAll({ $select: ['id'], $filter: { name: 'temp' } })) as [{ id: number }];
    await sdk.models.apiKey.update(id, { name: 'renamed', description: 'now described', expiryDate: '2032-06-01T00:00:00.000Z' });
    expect(await sdk.pine.get({ resource: 'api_key', id, options: { $select: ['name', 'description', 'expiry_date'] } })).toEqual({
      name: 'renamed',
      description: 'now described',
      expiry_date: '2032-06-01T00:00:00.000Z',
    });
    const keySdk = sdkFor(server.current);
    await keySdk.auth.loginWithToken(key);
    expect(await keySdk.auth.isLoggedIn()).toBe(true);
    await sdk.models.apiKey.revoke(id);
    expect(await sdk.models.apiKey.getAll({ $filter: { id } })).toEqual([]);
    expect(await keySdk.auth.isLoggedIn()).toBe(false);
  });

  it('lists provisioning keys by fleet and device keys by device', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: slug, keyExpiryDate: '2030-01-01T00:00:00.000Z', keyName: 'prov', keyDescription: 'factory' });
    await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: fleetId, keyExpiryDate: null, keyName: 'prov2' } as never);
    const prov = await sdk.models.apiKey.getProvisioningApiKeysByApplication(slug, { $select: ['name', 'description'] });
    // device.register mints its own short-lived provisioning key too, so only look at ours.
    expect(prov.filter((k) => k.name?.startsWith('prov'))).toEqual([
      { name: 'prov', description: 'factory' },
      { name: 'prov2', description: null },
    ]);

    const { uuid } = await registeredDevice(sdk, slug);
    await sdk.models.device.generateDeviceKey(uuid, 'bench key');
    const deviceKeys = await sdk.models.apiKey.getDeviceApiKeysByDevice(uuid, { $select: ['name'] });
    expect(deviceKeys.map((k) => k.name)).toContain('bench key');
    expect(deviceKeys.length).toBe(2); // the key from registration plus the generated one
    // User keys are neither provisioning nor device keys.
    await sdk.models.apiKey.create({ name: 'mine', expiryDate: null });
    expect((await sdk.models.apiKey.getProvisioningApiKeysByApplication(slug)).map((k) => k.name)).not.toContain('mine');
  });

  it('hides other users’ keys and refuses to change or revoke them', async () => {
    const { sdk: alice } = await signedUpSdk(server.current);
    await alice.models.apiKey.create({ name: 'alice key', expiryDate: null });
    const [{ id }] = (await alice.models.apiKey.getAll({ $select: ['id'] })) as [{ id: number }];
    const { sdk: bob } = await signedUpSdk(server.current);
    expect(await bob.models.apiKey.getAll()).toEqual([]);
    await expect(bob.models.apiKey.update(id, { name: 'pwned' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(bob.models.apiKey.revoke(id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await alice.models.apiKey.getAll({ $select: ['name'] })).map((k) => k.name)).toEqual(['alice key']);
  });
});
