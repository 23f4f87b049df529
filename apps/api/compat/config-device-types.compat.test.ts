// balena-sdk models.config and models.deviceType against a live Flotilla server (compat/balena-api.md §2.11 #25, §4).
import { describe, expect, it } from 'vitest';
import { recordStatuses, sdkFor, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

describe('config', () => {
  it('serves the config var schema without a token (GET /config/vars) with the reserved namespaces balena env set needs', async () => {
    const anon = sdkFor(server.current);
    const statuses = recordStatuses(anon);
    const schema = await anon.models.config.getConfigVarSchema();
    expect(statuses.at(-1)).toMatchObject({ status: 200 });
    expect(schema.reservedNamespaces).toEqual(expect.arrayContaining(['BALENA_', 'RESIN_']));
    expect(schema.reservedNames).toEqual(expect.arrayContaining(['BALENA', 'RESIN']));
    // Regexes travel as `RegExp#toString()` ("/…/"), as open-balena sends them.
    const invalid = new RegExp(schema.invalidRegex.slice(1, -1));
    expect(invalid.test('1BAD')).toBe(true);
    expect(invalid.test('GOOD_NAME')).toBe(false);
    expect(typeof schema.configVarSchema).toBe('object');
  });

  it('serves the schema for a device type with the session token', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const schema = await sdk.models.config.getConfigVarSchema('raspberrypi4-64');
    expect(schema.reservedNamespaces).toEqual(expect.arrayContaining(['BALENA_']));
    expect(typeof schema.configVarSchema).toBe('object');
  });

  it('lists device-type manifests (GET /device-types/v1) and finds one by slug, name or alias', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const manifests = await sdk.models.config.getDeviceTypes();
    const pi4 = manifests.find((m) => m.slug === 'raspberrypi4-64');
    expect(pi4).toMatchObject({ slug: 'raspberrypi4-64', name: expect.any(String), arch: 'aarch64' });
    expect(pi4!.aliases).toContain('raspberrypi4-64');
    expect((await sdk.models.config.getDeviceTypeManifestBySlug(pi4!.name)).slug).toBe('raspberrypi4-64');
    await expect(sdk.models.config.getDeviceTypeManifestBySlug('no-such-board')).rejects.toMatchObject({ code: 'BalenaInvalidDeviceType' });
  });
});

describe('device types', () => {
  it('gets a device type by alias and by id, with its CPU architecture', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const dt = await sdk.models.deviceType.get('raspberrypi4-64', {
      $select: ['id', 'slug', 'name'],
      $expand: { is_of__cpu_architecture: { $select: ['slug'] } },
    });
    expect(dt.slug).toBe('raspberrypi4-64');
    expect(dt.is_of__cpu_architecture).toEqual([{ slug: 'aarch64' }]);
    expect((await sdk.models.deviceType.get(dt.id, { $select: ['slug'] })).slug).toBe('raspberrypi4-64');
    await expect(sdk.models.deviceType.get('no-such-board')).rejects.toMatchObject({ code: 'BalenaInvalidDeviceType' });
  });

  it('gets a device type by slug or by name, and maps between them', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const bySlug = await sdk.models.deviceType.getBySlugOrName('raspberrypi4-64', { $select: ['slug', 'name'] });
    const byName = await sdk.models.deviceType.getBySlugOrName(bySlug.name, { $select: ['slug'] });
    expect(byName.slug).toBe('raspberrypi4-64');
    expect(await sdk.models.deviceType.getName('raspberrypi4-64')).toBe(bySlug.name);
    expect(await sdk.models.deviceType.getSlugByName(bySlug.name)).toBe('raspberrypi4-64');
    await expect(sdk.models.deviceType.getBySlugOrName('Not A Board')).rejects.toMatchObject({ code: 'BalenaInvalidDeviceType' });
  });

  it('lists device types in name order with getAll', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const all = await sdk.models.deviceType.getAll({ $select: ['slug', 'name'] });
    expect(all.map((d) => d.slug)).toEqual(expect.arrayContaining(['intel-nuc', 'raspberrypi4-64', 'raspberrypi3']));
    // Collation-independent spot check of `$orderby=name asc`: Intel NUC < Raspberry Pi 3 < Raspberry Pi 4.
    const at = (slug: string) => all.findIndex((d) => d.slug === slug);
    expect(at('intel-nuc')).toBeLessThan(at('raspberrypi3'));
    expect(at('raspberrypi3')).toBeLessThan(at('raspberrypi4-64'));
  });
});
