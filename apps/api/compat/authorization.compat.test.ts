// Authorization from the SDK's point of view: another user's fleets, devices, variables and
// tags do not exist for you (the SDK's not-found errors), and nothing of theirs can be changed.
import { describe, expect, it } from 'vitest';
import { joinOrganization, orgAndFleet, recordStatuses, registeredDevice, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

async function aliceWithFleetAndDevice() {
  const { sdk: alice } = await signedUpSdk(server.current);
  const fleet = await orgAndFleet(alice);
  const device = await registeredDevice(alice, fleet.slug);
  await alice.models.application.envVar.set(fleet.slug, 'SECRET', 'alice');
  await alice.models.device.tags.set(device.uuid, 'owner', 'alice');
  const { sdk: bob } = await signedUpSdk(server.current);
  return { alice, bob, ...fleet, ...device };
}

describe('a second user', () => {
  it('gets BalenaApplicationNotFound for every fleet lookup and an empty fleet list', async () => {
    const { bob, slug, fleetId, name } = await aliceWithFleetAndDevice();
    for (const key of [slug, fleetId]) {
      await expect(bob.models.application.get(key)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
      await expect(bob.models.application.getDirectlyAccessible(key)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
      expect(await bob.models.application.has(key)).toBe(false);
      await expect(bob.models.device.getAllByApplication(key)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
      await expect(bob.models.application.envVar.getAllByApplication(key)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
      await expect(bob.models.application.tags.getAllByApplication(key)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    }
    await expect(bob.models.application.getAppByName(name)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    expect(await bob.models.application.hasAny()).toBe(false);
    expect(await bob.models.application.getAll()).toEqual([]);
    expect(await bob.pine.get({ resource: 'application_environment_variable' })).toEqual([]);
    expect(await bob.pine.get({ resource: 'device_tag' })).toEqual([]);
  });

  it('gets BalenaDeviceNotFound for every device lookup, answered 200 with an empty result on the wire', async () => {
    const { bob, uuid, id } = await aliceWithFleetAndDevice();
    const statuses = recordStatuses(bob);
    for (const key of [uuid, id]) {
      await expect(bob.models.device.get(key)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
      expect(await bob.models.device.has(key)).toBe(false);
    }
    expect(statuses.every((s) => s.status === 200)).toBe(true);
    await expect(bob.models.device.getName(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.device.envVar.getAllByDevice(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.device.tags.getAllByDevice(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.apiKey.getDeviceApiKeysByDevice(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    expect(await bob.pine.get({ resource: 'device', options: { $count: {} } } as never)).toBe(0);
  });

  it('cannot rename, annotate, remove or re-key the device, nor change its variables or tags', async () => {
    const { alice, bob, uuid, id } = await aliceWithFleetAndDevice();
    await expect(bob.models.device.rename(uuid, 'pwned')).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.device.setNote(uuid, 'pwned')).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.device.remove(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.device.generateDeviceKey(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.device.envVar.set(uuid, 'X', '1')).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(bob.models.device.tags.set(uuid, 'owner', 'bob')).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    // Raw pine writes: by id → 404; by filter → matches nothing, changes nothing.
    await expect(bob.pine.patch({ resource: 'device', id, body: { device_name: 'pwned' } })).rejects.toMatchObject({ statusCode: 404 });
    await bob.pine.patch({ resource: 'device', options: { $filter: { id: { $in: [id] } } }, body: { note: 'pwned' } });
    await bob.pine.delete({ resource: 'device_tag', options: { $filter: { device: id } } });
    await expect(bob.pine.post({ resource: 'device_environment_variable', body: { device: id, name: 'X', value: '1' } })).rejects.toMatchObject({
      statusCode: expect.any(Number),
    });
    await expect(bob.request.send({ method: 'POST', url: `/api-key/device/${id}/device-key`, baseUrl: server.current.url, body: {} })).rejects.toMatchObject({
      statusCode: 403,
    });

    const seen = await alice.models.device.get(uuid, { $select: ['device_name', 'note'] });
    expect(seen.device_name).not.toBe('pwned');
    expect(seen.note).not.toBe('pwned');
    expect(await alice.models.device.envVar.getAllByDevice(uuid)).toEqual([]);
    expect((await alice.models.device.tags.getAllByDevice(uuid)).map((t) => [t.tag_key, t.value])).toEqual([['owner', 'alice']]);
  });

  it('cannot rename or remove the fleet, change its variables, mint its keys or register devices into it', async () => {
    const { alice, bob, slug, fleetId, handle } = await aliceWithFleetAndDevice();
    await expect(bob.models.application.rename(fleetId, 'pwned')).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await expect(bob.models.application.remove(fleetId)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await expect(bob.models.application.envVar.set(fleetId, 'SECRET', 'bob')).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await expect(bob.models.application.envVar.remove(fleetId, 'SECRET')).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await expect(bob.models.application.tags.set(fleetId, 'k', 'v')).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await expect(bob.models.application.generateProvisioningKey({ slugOrUuidOrId: fleetId, keyExpiryDate: null } as never)).rejects.toBeTruthy();
    await expect(bob.models.device.register(fleetId, bob.models.device.generateUniqueKey())).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await expect(bob.models.application.create({ name: 'intruder', deviceType: 'raspberrypi4-64', organization: handle })).rejects.toMatchObject({
      code: 'BalenaOrganizationNotFound',
    });
    // Raw pine: upsert-style bulk PATCH and DELETE by filter reach no rows.
    await bob.pine.patch({ resource: 'application_environment_variable', options: { $filter: { application: fleetId, name: 'SECRET' } }, body: { value: 'bob' } });
    await bob.pine.delete({ resource: 'application_environment_variable', options: { $filter: { application: fleetId } } });
    await expect(bob.pine.post({ resource: 'application', body: { app_name: 'intruder', organization: 1, is_for__device_type: 1 } })).rejects.toMatchObject({
      statusCode: expect.any(Number),
    });

    expect(await alice.models.application.envVar.get(slug, 'SECRET')).toBe('alice');
    expect((await alice.models.application.get(fleetId, { $select: ['app_name'] })).app_name).not.toBe('pwned');
    expect((await alice.models.application.getAllByOrganization(handle, { $select: ['app_name'] })).map((a) => a.app_name)).not.toContain('intruder');
    expect(await alice.models.application.tags.getAllByApplication(slug)).toEqual([]);
  });

  it('as a fleet observer, reads the fleet and its devices but cannot change them', async () => {
    const { alice, bob, slug, fleetId, uuid, orgId } = await aliceWithFleetAndDevice();
    const { id: bobUserId } = await bob.auth.getUserInfo();
    // Fleet members must be organization members (balena's rule); the SDK adds organization
    // members only through invites, so bob joins as an accepted invite would.
    await joinOrganization(server.current, orgId, bobUserId);
    const fleetRole = (await alice.pine.get({ resource: 'application_membership_role', options: { $select: ['id'], $filter: { name: 'observer' } } } as never))[0] as { id: number };
    await alice.pine.post({ resource: 'user_application_membership', body: { user: bobUserId, is_member_of__application: fleetId, application_membership_role: fleetRole.id } });
    expect((await bob.models.application.get(slug, { $select: ['id'] })).id).toBe(fleetId);
    expect((await bob.models.device.getAllByApplication(slug, { $select: ['uuid'] })).map((d) => d.uuid)).toEqual([uuid]);
    expect(await bob.models.application.envVar.get(slug, 'SECRET')).toBe('alice');

    const statuses = recordStatuses(bob);
    await expect(bob.models.application.rename(slug, 'pwned')).rejects.toMatchObject({ statusCode: 401 });
    await expect(bob.models.device.rename(uuid, 'pwned')).rejects.toMatchObject({ code: 'BalenaRequestError' });
    await expect(bob.models.application.envVar.set(slug, 'SECRET', 'bob')).rejects.toMatchObject({ statusCode: 401 });
    await expect(bob.models.device.tags.set(uuid, 'owner', 'bob')).rejects.toMatchObject({ statusCode: 401 });
    await expect(bob.models.application.remove(slug)).rejects.toMatchObject({ statusCode: 401 });
    expect(statuses.filter((s) => s.status >= 400).every((s) => s.status === 401)).toBe(true);

    expect(await alice.models.application.envVar.get(slug, 'SECRET')).toBe('alice');
    expect((await alice.models.device.tags.getAllByDevice(uuid)).map((t) => t.value)).toEqual(['alice']);
    expect(await alice.models.device.getName(uuid)).not.toBe('pwned');
    expect(await alice.models.application.has(slug)).toBe(true);
  });
});
