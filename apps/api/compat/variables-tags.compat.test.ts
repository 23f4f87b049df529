// balena-sdk env/config/service variables and tags against a live Flotilla server (compat/balena-api.md §2.9, §2.11 #18–22).
import { describe, expect, it } from 'vitest';
import { createRelease } from '../src/devices/device-test-factories.ts';
import { orgAndFleet, recordStatuses, registeredDevice, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

async function fleetWithDevice() {
  const { sdk } = await signedUpSdk(server.current);
  const fleet = await orgAndFleet(sdk);
  const device = await registeredDevice(sdk, fleet.slug);
  return { sdk, ...fleet, ...device };
}

describe('fleet variables', () => {
  it('sets, upserts (409 "unique" then PATCH), lists, gets and removes fleet env vars', async () => {
    const { sdk, slug, fleetId } = await fleetWithDevice();
    const statuses = recordStatuses(sdk);
    await sdk.models.application.envVar.set(slug, 'FOO', 'one');
    await sdk.models.application.envVar.set(slug, 'FOO', 'two');
    const conflict = statuses.find((s) => s.status === 409);
    expect(conflict?.url).toContain('/v7/application_environment_variable');
    expect(statuses.at(-1)).toMatchObject({ status: 200 });
    await sdk.models.application.envVar.set(fleetId, 'BAR', 42 as never);
    expect(await sdk.models.application.envVar.get(slug, 'FOO')).toBe('two');
    expect(await sdk.models.application.envVar.get(slug, 'BAR')).toBe('42');
    expect(await sdk.models.application.envVar.get(slug, 'MISSING')).toBeUndefined();
    const all = await sdk.models.application.envVar.getAllByApplication(slug);
    expect(all.map((v) => [v.name, v.value])).toEqual([
      ['BAR', '42'],
      ['FOO', 'two'],
    ]);
    expect(all[0]!.application).toEqual({ __id: fleetId });
    await sdk.models.application.envVar.remove(slug, 'FOO');
    expect(await sdk.models.application.envVar.get(slug, 'FOO')).toBeUndefined();
    expect((await sdk.models.application.envVar.getAllByApplication(slug)).map((v) => v.name)).toEqual(['BAR']);
  });

  it('sets, lists and removes fleet config vars, and refuses reserved or malformed env var names', async () => {
    const { sdk, slug } = await fleetWithDevice();
    await sdk.models.application.configVar.set(slug, 'BALENA_SUPERVISOR_POLL_INTERVAL', '900000');
    await sdk.models.application.configVar.set(slug, 'BALENA_SUPERVISOR_POLL_INTERVAL', '600000');
    expect(await sdk.models.application.configVar.get(slug, 'BALENA_SUPERVISOR_POLL_INTERVAL')).toBe('600000');
    expect((await sdk.models.application.configVar.getAllByApplication(slug)).map((v) => v.name)).toEqual(['BALENA_SUPERVISOR_POLL_INTERVAL']);
    await sdk.models.application.configVar.remove(slug, 'BALENA_SUPERVISOR_POLL_INTERVAL');
    expect(await sdk.models.application.configVar.getAllByApplication(slug)).toEqual([]);
    await expect(sdk.models.application.envVar.set(slug, 'BALENA_THING', 'x')).rejects.toMatchObject({ statusCode: 400 });
    await expect(sdk.models.application.envVar.set(slug, '1BAD NAME', 'x')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('sets and reads service variables of a fleet service created through pine', async () => {
    const { sdk, slug, fleetId } = await fleetWithDevice();
    const service = await sdk.pine.post({ resource: 'service', body: { application: fleetId, service_name: 'main' } });
    await sdk.models.service.var.set(service.id, 'SVC', 'a');
    await sdk.models.service.var.set({ application: slug, service_name: 'main' } as never, 'SVC', 'b');
    expect(await sdk.models.service.var.get(service.id, 'SVC')).toBe('b');
    expect((await sdk.models.service.var.getAllByService(service.id)).map((v) => [v.name, v.value])).toEqual([['SVC', 'b']]);
    expect((await sdk.models.service.var.getAllByApplication(slug)).map((v) => v.name)).toEqual(['SVC']);
    await sdk.models.service.var.remove(service.id, 'SVC');
    expect(await sdk.models.service.var.getAllByService(service.id)).toEqual([]);
  });
});

describe('device variables', () => {
  it('sets, upserts, lists (by device and by fleet), gets and removes device env and config vars', async () => {
    const { sdk, slug, uuid, id } = await fleetWithDevice();
    await sdk.models.device.envVar.set(uuid, 'BAR', 'x');
    await sdk.models.device.envVar.set(uuid, 'BAR', 'y');
    await sdk.models.device.envVar.set(id, 'BAZ', 'z');
    expect(await sdk.models.device.envVar.get(uuid, 'BAR')).toBe('y');
    expect((await sdk.models.device.envVar.getAllByDevice(uuid)).map((v) => [v.name, v.value])).toEqual([
      ['BAR', 'y'],
      ['BAZ', 'z'],
    ]);
    const other = await registeredDevice(sdk, slug);
    await sdk.models.device.envVar.set(other.uuid, 'QUX', '1');
    expect((await sdk.models.device.envVar.getAllByApplication(slug)).map((v) => v.name)).toEqual(['BAR', 'BAZ', 'QUX']);
    await sdk.models.device.envVar.remove(uuid, 'BAR');
    expect(await sdk.models.device.envVar.get(uuid, 'BAR')).toBeUndefined();

    await sdk.models.device.configVar.set(uuid, 'BALENA_HOST_CONFIG_gpu_mem', '64');
    await sdk.models.device.configVar.set(uuid, 'BALENA_HOST_CONFIG_gpu_mem', '128');
    expect(await sdk.models.device.configVar.get(uuid, 'BALENA_HOST_CONFIG_gpu_mem')).toBe('128');
    expect((await sdk.models.device.configVar.getAllByApplication(slug)).map((v) => v.value)).toEqual(['128']);
    await sdk.models.device.configVar.remove(uuid, 'BALENA_HOST_CONFIG_gpu_mem');
    expect(await sdk.models.device.configVar.getAllByDevice(uuid)).toEqual([]);
  });

  it('sets device service vars on the service install the server keeps for each device and service', async () => {
    const { sdk, slug, fleetId, uuid } = await fleetWithDevice();
    // Created after the device registered: the server adds the device's service_install.
    await sdk.pine.post({ resource: 'service', body: { application: fleetId, service_name: 'main' } });
    await sdk.models.device.serviceVar.set(uuid, 'main', 'DSV', 'one');
    await sdk.models.device.serviceVar.set(uuid, 'main', 'DSV', 'two');
    expect(await sdk.models.device.serviceVar.get(uuid, 'main', 'DSV')).toBe('two');
    expect((await sdk.models.device.serviceVar.getAllByDevice(uuid)).map((v) => [v.name, v.value])).toEqual([['DSV', 'two']]);
    expect((await sdk.models.device.serviceVar.getAllByApplication(slug)).map((v) => v.name)).toEqual(['DSV']);
    // A device registered after the service exists gets its install too.
    const later = await registeredDevice(sdk, slug);
    await sdk.models.device.serviceVar.set(later.uuid, 'main', 'DSV', 'three');
    expect(await sdk.models.device.serviceVar.get(later.uuid, 'main', 'DSV')).toBe('three');
    await sdk.models.device.serviceVar.remove(uuid, 'main', 'DSV');
    expect(await sdk.models.device.serviceVar.get(uuid, 'main', 'DSV')).toBeUndefined();
    await expect(sdk.models.device.serviceVar.set(uuid, 'nosuchservice', 'DSV', 'x')).rejects.toMatchObject({ code: 'BalenaServiceNotFound' });
  });
});

describe('tags', () => {
  it('sets, upserts, lists and removes fleet tags', async () => {
    const { sdk, slug } = await fleetWithDevice();
    await sdk.models.application.tags.set(slug, 'env', 'staging');
    await sdk.models.application.tags.set(slug, 'env', 'prod');
    await sdk.models.application.tags.set(slug, 'area', 'north');
    const tags = await sdk.models.application.tags.getAllByApplication(slug);
    expect(tags.map((t) => [t.tag_key, t.value])).toEqual([
      ['area', 'north'],
      ['env', 'prod'],
    ]);
    await sdk.models.application.tags.remove(slug, 'env');
    expect((await sdk.models.application.tags.getAllByApplication(slug)).map((t) => t.tag_key)).toEqual(['area']);
  });

  it('sets, upserts, lists (by device and by fleet) and removes device tags', async () => {
    const { sdk, slug, uuid } = await fleetWithDevice();
    const other = await registeredDevice(sdk, slug);
    await sdk.models.device.tags.set(uuid, 'location', 'lab');
    await sdk.models.device.tags.set(uuid, 'location', 'roof');
    await sdk.models.device.tags.set(other.uuid, 'owner', 'ops');
    expect((await sdk.models.device.tags.getAllByDevice(uuid)).map((t) => [t.tag_key, t.value])).toEqual([['location', 'roof']]);
    expect((await sdk.models.device.tags.getAllByApplication(slug)).map((t) => t.tag_key)).toEqual(['location', 'owner']);
    await sdk.models.device.tags.remove(uuid, 'location');
    expect(await sdk.models.device.tags.getAllByDevice(uuid)).toEqual([]);
    expect((await sdk.models.device.tags.getAllByDevice(other.uuid)).map((t) => t.value)).toEqual(['ops']);
  });

  it('round-trips tag keys and values with characters the URL encoding must carry (quotes, spaces, & ; # % / +)', async () => {
    const { sdk, uuid } = await fleetWithDevice();
    const key = "o'x y&z;#%/+(a,b)";
    const value = "it's 100% a/b + c&d";
    await sdk.models.device.tags.set(uuid, key, value);
    await sdk.models.device.tags.set(uuid, key, `${value}!`); // upsert: PATCH ?$filter=… tag_key eq '<encoded>'
    expect((await sdk.models.device.tags.getAllByDevice(uuid)).map((t) => [t.tag_key, t.value])).toEqual([[key, `${value}!`]]);
    await sdk.models.device.tags.remove(uuid, key); // DELETE ?$filter=… tag_key eq '<encoded>'
    expect(await sdk.models.device.tags.getAllByDevice(uuid)).toEqual([]);
  });

  it('keeps tag values that span lines on fleets, devices and releases (only variable values are single-line), and needs a key on each', async () => {
    const { sdk, uuid, slug, fleetId } = await fleetWithDevice();
    const { releaseId } = await createRelease(server.current.database.db, fleetId);
    const notes = 'line one\nline two\r\nline three';
    // balena refuses line breaks in variable values, not in tags: set through POST, then through the upsert's PATCH.
    for (const value of [notes, `${notes}\n`]) {
      await sdk.models.application.tags.set(slug, 'notes', value);
      await sdk.models.device.tags.set(uuid, 'notes', value);
      await sdk.models.release.tags.set(releaseId, 'notes', value);
    }
    expect((await sdk.models.application.tags.getAllByApplication(slug)).map((t) => [t.tag_key, t.value])).toEqual([['notes', `${notes}\n`]]);
    expect((await sdk.models.device.tags.getAllByDevice(uuid)).map((t) => [t.tag_key, t.value])).toEqual([['notes', `${notes}\n`]]);
    expect((await sdk.models.release.tags.getAllByRelease(releaseId)).map((t) => [t.tag_key, t.value])).toEqual([['notes', `${notes}\n`]]);
    await expect(sdk.models.device.envVar.set(uuid, 'NOTES', notes)).rejects.toMatchObject({ statusCode: 400 });

    // A release tag needs a key, as fleet and device tags do.
    for (const set of [() => sdk.models.application.tags.set(slug, '', 'v'), () => sdk.models.device.tags.set(uuid, '', 'v'), () => sdk.models.release.tags.set(releaseId, '', 'v')]) {
      await expect(set()).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('A tag key is required') });
    }
    expect((await sdk.models.release.tags.getAllByRelease(releaseId)).map((t) => t.tag_key)).toEqual(['notes']);
  });
});
