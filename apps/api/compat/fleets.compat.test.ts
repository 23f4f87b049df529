// balena-sdk models.application (fleets) against a live Flotilla server (compat/balena-api.md §2.11 #1–6, #28).
import { describe, expect, it } from 'vitest';
import { orgAndFleet, recordStatuses, registeredDevice, signedUpSdk, unique, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

describe('fleets', () => {
  it('creates a fleet (201) with a lower-cased org/name slug, a uuid and its device type', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
    const statuses = recordStatuses(sdk);
    const name = `MyFleet${unique()}`;
    const app = await sdk.models.application.create({ name, deviceType: 'raspberrypi4-64', organization: org.handle });
    expect(statuses.at(-1)).toMatchObject({ status: 201 });
    expect(app.slug).toBe(`${org.handle}/${name}`.toLowerCase());
    expect(app.app_name).toBe(name);
    expect(app.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(app.organization).toEqual({ __id: org.id });
    const withType = await sdk.models.application.get(app.id, { $select: ['id'], $expand: { is_for__device_type: { $select: ['slug'] } } });
    expect(withType.is_for__device_type).toEqual([{ slug: 'raspberrypi4-64' }]);
  });

  it('refuses an unknown device type and a duplicate name in the same organization', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { handle, name } = await orgAndFleet(sdk);
    await expect(sdk.models.application.create({ name: `x${unique()}`, deviceType: 'no-such-board', organization: handle })).rejects.toMatchObject({
      code: 'BalenaInvalidDeviceType',
    });
    await expect(sdk.models.application.create({ name, deviceType: 'raspberrypi4-64', organization: handle })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('lists fleets with getAll (name order) and getAllDirectlyAccessible', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
    await sdk.models.application.create({ name: 'zulu', deviceType: 'raspberrypi4-64', organization: org.handle });
    await sdk.models.application.create({ name: 'alpha', deviceType: 'raspberrypi4-64', organization: org.handle });
    expect((await sdk.models.application.getAll({ $select: ['app_name'] })).map((a) => a.app_name)).toEqual(['alpha', 'zulu']);
    const direct = await sdk.models.application.getAllDirectlyAccessible({ $select: ['slug'] });
    expect(direct.map((a) => a.slug)).toEqual([`${org.handle}/alpha`, `${org.handle}/zulu`]);
    const inOrg = await sdk.models.application.getAllByOrganization(org.handle, { $select: ['app_name'] });
    expect(inOrg.map((a) => a.app_name)).toEqual(['alpha', 'zulu']);
  });

  it('gets a fleet by slug, uuid and id, directly accessible or not, and by name', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId, name } = await orgAndFleet(sdk);
    const { uuid } = await sdk.models.application.get(fleetId, { $select: ['uuid'] });
    expect((await sdk.models.application.get(slug.toUpperCase(), { $select: ['id'] })).id).toBe(fleetId);
    expect((await sdk.models.application.get(uuid, { $select: ['id'] })).id).toBe(fleetId);
    expect((await sdk.models.application.getDirectlyAccessible(slug, { $select: ['id'] })).id).toBe(fleetId);
    expect((await sdk.models.application.getAppByName(name, { $select: ['id'] })).id).toBe(fleetId);
    await expect(sdk.models.application.get(`nobody/${unique()}`)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await expect(sdk.models.application.get(999_999)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
  });

  it('answers has and hasAny', async () => {
    const { sdk } = await signedUpSdk(server.current);
    expect(await sdk.models.application.hasAny()).toBe(false);
    const { slug, fleetId } = await orgAndFleet(sdk);
    expect(await sdk.models.application.hasAny()).toBe(true);
    expect(await sdk.models.application.has(slug)).toBe(true);
    expect(await sdk.models.application.has(fleetId)).toBe(true);
    expect(await sdk.models.application.has(`${slug}x`)).toBe(false);
  });

  it('renames a fleet and follows the new slug; removes it', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId, handle } = await orgAndFleet(sdk);
    const newName = `renamed${unique()}`;
    await sdk.models.application.rename(slug, newName);
    const renamed = await sdk.models.application.get(fleetId, { $select: ['app_name', 'slug'] });
    expect(renamed).toEqual({ app_name: newName, slug: `${handle}/${newName}` });
    expect(await sdk.models.application.has(slug)).toBe(false);

    const statuses = recordStatuses(sdk);
    await sdk.models.application.remove(renamed.slug);
    expect(statuses.at(-1)?.status).toBeLessThan(300);
    expect(await sdk.models.application.has(fleetId)).toBe(false);
    await expect(sdk.models.application.remove(renamed.slug)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
  });

  it('expands, filters and orders by owns__device/$count', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
    const mk = (name: string) => sdk.models.application.create({ name, deviceType: 'raspberrypi4-64', organization: org.handle });
    const empty = await mk('empty');
    const one = await mk('single');
    const two = await mk('double');
    await registeredDevice(sdk, one.slug);
    await registeredDevice(sdk, two.slug);
    await registeredDevice(sdk, two.slug);

    const counted = await sdk.pine.get({
      resource: 'application',
      options: { $select: ['id'], $expand: { owns__device: { $count: {} } }, $orderby: { id: 'asc' } },
    });
    expect(counted.map((a) => [a.id, a.owns__device])).toEqual([
      [empty.id, 0],
      [one.id, 1],
      [two.id, 2],
    ]);
    const online = await sdk.pine.get({
      resource: 'application',
      options: { $select: ['id'], $expand: { owns__device: { $count: { $filter: { is_online: true } } } } },
    });
    expect(online.every((a) => a.owns__device === 0)).toBe(true);

    const noDevices = await sdk.pine.get({ resource: 'application', options: { $select: ['id'], $filter: { $eq: [{ owns__device: { $count: {} } }, 0] } } });
    expect(noDevices.map((a) => a.id)).toEqual([empty.id]);
    const busiestFirst = (await sdk.pine.get({
      resource: 'application',
      options: { $select: ['id'], $orderby: [{ owns__device: { $count: {} }, $dir: 'desc' }] },
    } as never)) as { id: number }[];
    expect(busiestFirst.map((a) => a.id)).toEqual([two.id, one.id, empty.id]);
    expect(await sdk.pine.get({ resource: 'application', options: { $count: { $filter: { $gt: [{ owns__device: { $count: {} } }, 0] } } } } as never)).toBe(2);
  });

  it('pine.get by id answers an empty result (not 404) for a fleet that does not exist', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const statuses = recordStatuses(sdk);
    expect(await sdk.pine.get({ resource: 'application', id: 987_654 })).toBeUndefined();
    expect(statuses.at(-1)?.status).toBe(200);
  });
});
