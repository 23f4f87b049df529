// balena-sdk models.device against a live Flotilla server (compat/balena-api.md §2.11 #9–12, #15, #28; §3.5; §5.2).
import { describe, expect, it } from 'vitest';
import { balenaDeploy } from './balena-deploy.ts';
import { orgAndFleet, recordStatuses, registeredDevice, sdkFor, signedUpSdk, useLiveServer, type Sdk } from './sdk-fixtures.ts';

const server = useLiveServer();

/** The fleet-wide target state (compat §4), as much of it as the tests read (the SDK types it as a device's, DeviceStateV3, without ids, classes or environments). */
type FleetState = Record<
  string,
  {
    config: Record<string, string>;
    apps: Record<string, { id: number; class: string; releases: Record<string, { services: Record<string, { environment: Record<string, string> }> }> }>;
  }
>;

async function asDevice(apiKey: string): Promise<Sdk> {
  const sdk = sdkFor(server.current);
  await sdk.auth.loginWithToken(apiKey);
  return sdk;
}

describe('devices', () => {
  it('registers through the provisioning flow: provisioning key, then POST /device/register answering 201', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const statuses = recordStatuses(sdk);
    const uuid = sdk.models.device.generateUniqueKey();
    expect(uuid).toMatch(/^[0-9a-f]{32}$/);
    const reg = await sdk.models.device.register(slug, uuid);
    expect(statuses.find((s) => s.url.includes('/api-key/v2'))?.status).toBe(200);
    expect(statuses.find((s) => s.url.endsWith('/device/register'))?.status).toBe(201);
    expect(reg).toMatchObject({ uuid, id: expect.any(Number), api_key: expect.any(String) });
    const device = await sdk.models.device.get(uuid, { $select: ['id', 'belongs_to__application', 'is_of__device_type'], $expand: { is_of__device_type: { $select: ['slug'] } } });
    expect(device.id).toBe(reg.id);
    expect(device.belongs_to__application).toEqual({ __id: fleetId });
    expect(device.is_of__device_type).toEqual([{ slug: 'raspberrypi4-64' }]);
    // The same uuid cannot be registered twice.
    await expect(sdk.models.device.register(slug, uuid)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('registers a compatible device type and refuses an incompatible one', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug } = await orgAndFleet(sdk, 'raspberrypi3');
    const { uuid } = await registeredDevice(sdk, slug, 'raspberrypi3');
    expect((await sdk.models.device.get(uuid, { $select: ['uuid'] })).uuid).toBe(uuid);
    const other = sdk.models.device.generateUniqueKey();
    await expect(sdk.models.device.register(slug, other, 'intel-nuc')).rejects.toMatchObject({ code: 'BalenaInvalidDeviceType' });
  });

  it('gets a device by uuid and id (and by short uuid the way the CLI asks), and lists devices by fleet and by organization', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, handle } = await orgAndFleet(sdk);
    const a = await registeredDevice(sdk, slug);
    const b = await registeredDevice(sdk, slug);
    expect((await sdk.models.device.get(a.uuid, { $select: ['id'] })).id).toBe(a.id);
    expect((await sdk.models.device.get(a.id, { $select: ['uuid'] })).uuid).toBe(a.uuid);
    // The CLI's short-uuid lookup.
    const short = (await sdk.pine.get({ resource: 'device', options: { $select: ['id'], $filter: { $startswith: [{ $: 'uuid' }, a.uuid.slice(0, 10)] } } } as never)) as { id: number }[];
    expect(short.map((d) => d.id)).toEqual([a.id]);
    const ids = [a.id, b.id].sort((x, y) => x - y);
    const byFleet = await sdk.models.device.getAllByApplication(slug, { $select: ['id'] });
    expect(byFleet.map((d) => d.id).sort((x, y) => x - y)).toEqual(ids);
    const byOrg = await sdk.models.device.getAllByOrganization(handle, { $select: ['id'] });
    expect(byOrg.map((d) => d.id).sort((x, y) => x - y)).toEqual(ids);
    const all = await sdk.pine.get({ resource: 'device', options: { $select: ['id'], $orderby: { id: 'asc' } } });
    expect(all.map((d) => d.id)).toEqual(ids);
    expect(await sdk.pine.get({ resource: 'device', options: { $count: { $filter: { belongs_to__application: { $any: { $alias: 'bta', $expr: { bta: { slug } } } } } } } } as never)).toBe(2);
    await expect(sdk.models.device.get('f'.repeat(32))).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
  });

  it('answers getName, getApplicationName, has and isOnline, and renames and annotates devices', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, name } = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, slug);
    expect(typeof (await sdk.models.device.getName(uuid))).toBe('string');
    expect(await sdk.models.device.getApplicationName(uuid)).toBe(name);
    expect(await sdk.models.device.has(uuid)).toBe(true);
    expect(await sdk.models.device.has('e'.repeat(32))).toBe(false);
    expect(await sdk.models.device.isOnline(uuid)).toBe(false);

    const statuses = recordStatuses(sdk);
    await sdk.models.device.rename(uuid, 'kitchen-sensor');
    expect(statuses.at(-1)?.url).toContain('/v7/device?$filter=id in (');
    expect(statuses.at(-1)?.status).toBeLessThan(300);
    expect(await sdk.models.device.getName(uuid)).toBe('kitchen-sensor');
    await sdk.models.device.setNote(uuid, 'behind the fridge');
    const d = await sdk.models.device.get(uuid, { $select: ['note', 'device_name'] });
    expect(d).toEqual({ note: 'behind the fridge', device_name: 'kitchen-sensor' });
    expect((await sdk.models.device.getByName('kitchen-sensor', { $select: ['uuid'] })).map((x) => x.uuid)).toEqual([uuid]);
  });

  it('removes a device (bulk DELETE by id filter); the uuid is then unknown', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug } = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, slug);
    const keep = await registeredDevice(sdk, slug);
    await sdk.models.device.remove(uuid);
    expect(await sdk.models.device.has(uuid)).toBe(false);
    await expect(sdk.models.device.remove(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    expect((await sdk.models.device.getAllByApplication(slug, { $select: ['uuid'] })).map((x) => x.uuid)).toEqual([keep.uuid]);
  });

  it('keeps the device history the SDK reads (device.history.*): a row per fleet, ended by a move and by the removal', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const first = await orgAndFleet(sdk);
    const second = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, first.slug);
    // A rename is not history; a move is.
    await sdk.models.device.rename(uuid, 'garage-gateway');
    await sdk.models.device.move(uuid, second.slug);
    type Row = { uuid: string; belongs_to__application: { __id: number } | null; end_timestamp: string | null; created_at: string };
    const rows = (await sdk.models.device.history.getAllByDevice(uuid)) as unknown as Row[];
    const stretches = rows.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((r) => ({ fleet: r.belongs_to__application?.__id, ended: r.end_timestamp !== null, uuid: r.uuid }));
    expect(stretches).toEqual([
      { fleet: first.fleetId, ended: true, uuid },
      { fleet: second.fleetId, ended: false, uuid },
    ]);
    const byFleet = (await sdk.models.device.history.getAllByApplication(second.slug)) as unknown as Row[];
    expect(byFleet.map((r) => r.uuid)).toEqual([uuid]);

    // Removed, the device keeps its history, the last stretch ended.
    await sdk.models.device.remove(uuid);
    const after = (await sdk.models.device.history.getAllByDevice(uuid)) as unknown as Row[];
    expect(after).toHaveLength(2);
    expect(after.every((r) => r.end_timestamp !== null)).toBe(true);

    // Nobody else reads it.
    const { sdk: stranger } = await signedUpSdk(server.current);
    expect(await stranger.models.device.history.getAllByDevice(uuid)).toEqual([]);
  });

  it('generates a device key that authenticates as the device', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug } = await orgAndFleet(sdk);
    const { uuid, id } = await registeredDevice(sdk, slug);
    const statuses = recordStatuses(sdk);
    const key = await sdk.models.device.generateDeviceKey(uuid, 'spare key', 'for the bench');
    expect(statuses.at(-1)).toMatchObject({ status: 200 });
    expect(typeof key).toBe('string');
    const device = await asDevice(key);
    expect(await device.auth.whoami()).toMatchObject({ actorType: 'device', actorTypeId: id, uuid });
    // The device reads itself with its own key, the supervisor's key-exchange probe.
    const self = await device.pine.get({ resource: 'device', options: { $select: ['id'], $filter: { uuid } } });
    expect(self).toEqual([{ id }]);
  });

  it('getWithServiceDetails groups the device’s image installs by service', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const { uuid, id, apiKey } = await registeredDevice(sdk, slug);
    const bare = await sdk.models.device.getWithServiceDetails(uuid);
    expect(bare.current_services_by_app).toEqual({});

    // A release with one image of service "main", built through the public API as `balena deploy` does.
    const service = await sdk.pine.post({ resource: 'service', body: { application: fleetId, service_name: 'main' } });
    const { id: userId } = await sdk.auth.getUserInfo();
    const release = (await sdk.pine.post({
      resource: 'release',
      body: { belongs_to__application: fleetId, is_created_by__user: userId, commit: 'c'.repeat(32), status: 'success', source: 'local', composition: {}, start_timestamp: new Date().toISOString() },
    } as never)) as { id: number };
    // The image row is written directly: its registry location is minted by the build/deploy
    // path, which this suite does not cover.
    const image = await server.current.database.db
      .insertInto('image')
      .values({ is_a_build_of__service: service.id, status: 'success', is_stored_at__image_location: `registry.local/v2/${'d'.repeat(32)}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sdk.pine.post({ resource: 'release_image', body: { image: image.id, is_part_of__release: release.id } } as never);
    // The device reports what it installed.
    const device = await asDevice(apiKey);
    await device.pine.post({
      resource: 'image_install',
      body: { device: id, installs__image: image.id, is_provided_by__release: release.id, status: 'Running', download_progress: 100, install_date: new Date().toISOString() },
    } as never);

    const detailed = await sdk.models.device.getWithServiceDetails(uuid);
    // SDK 23 groups by the release's fleet slug, then by service name.
    expect(Object.keys(detailed.current_services_by_app)).toEqual([slug]);
    expect(Object.keys(detailed.current_services_by_app[slug]!)).toEqual(['main']);
    expect(detailed.current_services_by_app[slug]!.main![0]).toMatchObject({ service_id: service.id, image_id: image.id, status: 'Running', commit: 'c'.repeat(32) });
  });

  it('answers the CLI’s `device <uuid>` and `device list --fleet` shapes', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, name } = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, slug);
    const shown = await sdk.models.device.get(uuid, {
      $select: [
        'device_name', 'id', 'overall_status', 'is_online', 'ip_address', 'mac_address', 'last_connectivity_event', 'uuid',
        'supervisor_version', 'is_web_accessible', 'note', 'os_version', 'memory_usage', 'memory_total', 'public_address',
        'storage_block_device', 'storage_usage', 'storage_total', 'cpu_usage', 'cpu_temp', 'cpu_id', 'is_undervolted',
      ],
      $expand: { belongs_to__application: { $select: ['app_name', 'slug'] }, is_of__device_type: { $select: ['slug'] }, is_running__release: { $select: ['commit'] } },
    });
    expect(shown).toMatchObject({
      uuid,
      is_online: false,
      is_web_accessible: expect.any(Boolean),
      overall_status: expect.any(String),
      belongs_to__application: [{ app_name: name, slug }],
      is_of__device_type: [{ slug: 'raspberrypi4-64' }],
      is_running__release: [],
    });
    expect(Object.keys(shown)).toHaveLength(25);

    const [fleet] = (await sdk.models.application.getAllDirectlyAccessible({
      $filter: { $or: { slug, uuid: slug } },
      $select: ['slug'],
      $expand: {
        owns__device: {
          $select: ['id', 'uuid', 'device_name', 'status', 'is_online', 'supervisor_version', 'os_version'],
          $expand: { belongs_to__application: { $select: ['app_name', 'slug'] }, is_of__device_type: { $select: ['slug'] }, is_running__release: { $select: ['commit'] } },
          $orderby: { device_name: 'asc' },
        },
      },
    } as never)) as unknown[];
    const devices = (fleet as { owns__device: Record<string, unknown>[] }).owns__device;
    expect(devices).toHaveLength(1);
    // `status` is the supervisor's own report: nullable in the v7 model until the device reports.
    expect(devices[0]).toMatchObject({ uuid, status: null, belongs_to__application: [{ slug }], is_running__release: [] });
  });

  it('getSupervisorTargetStateForApp reads the fleet-wide state (GET /device/v3/fleet/<uuid>/state/), of the target or of a given release', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const first = await balenaDeploy(sdk, server.current.url, fleetId, { services: [{ name: 'main', environment: { FROM_IMAGE: 'a' } }], semver: '1.0.0' });
    const second = await balenaDeploy(sdk, server.current.url, fleetId, { services: [{ name: 'main', labels: { 'io.balena.features.dbus': '1' } }], semver: '1.1.0' });
    await sdk.models.application.envVar.set(slug, 'FLEET_VAR', 'f');
    await sdk.models.application.configVar.set(slug, 'BALENA_SUPERVISOR_POLL_INTERVAL', '900000');
    // A device's own variables are its own state's, never the fleet's.
    const { uuid } = await registeredDevice(sdk, slug);
    await sdk.models.device.envVar.set(uuid, 'DEVICE_VAR', 'd');
    const { uuid: fleetUuid } = await sdk.models.application.get(slug, { $select: 'uuid' });
    const statuses = recordStatuses(sdk);

    // The SDK asks with `?releaseUuid=` (empty) for the fleet's target: here the latest release.
    const target = (await sdk.models.device.getSupervisorTargetStateForApp(slug)) as unknown as FleetState;
    expect(statuses.find((s) => s.url.includes('/device/v3/fleet/'))).toEqual({ url: expect.stringContaining(`/device/v3/fleet/${fleetUuid}/state/`), status: 200 });
    expect(Object.keys(target)).toEqual([fleetUuid]);
    expect(target[fleetUuid]!.config).toMatchObject({ BALENA_SUPERVISOR_POLL_INTERVAL: '900000' });
    const app = target[fleetUuid]!.apps[fleetUuid]!;
    expect(app).toMatchObject({ id: fleetId, class: 'fleet' });
    expect(Object.keys(app.releases)).toEqual([second.commit]);
    const main = app.releases[second.commit]!.services.main;
    expect(main).toMatchObject({ image_id: second.images[0]!.imageId, environment: { FLEET_VAR: 'f' }, labels: { 'io.balena.features.dbus': '1' } });
    expect(main!.environment).not.toHaveProperty('DEVICE_VAR');

    const older = (await sdk.models.device.getSupervisorTargetStateForApp(slug, first.commit)) as unknown as FleetState;
    const olderApp = older[fleetUuid]!.apps[fleetUuid]!;
    expect(Object.keys(olderApp.releases)).toEqual([first.commit]);
    expect(olderApp.releases[first.commit]!.services.main!.environment).toEqual({ FLEET_VAR: 'f', FROM_IMAGE: 'a' });

    await expect(sdk.models.device.getSupervisorTargetStateForApp(slug, 'f'.repeat(32))).rejects.toMatchObject({ statusCode: 404 });
    // Another user asking for the fleet by its uuid learns nothing, as for a fleet that does not exist.
    const { sdk: other } = await signedUpSdk(server.current);
    await expect(other.request.send({ method: 'GET', url: `/device/v3/fleet/${fleetUuid}/state/`, baseUrl: server.current.url })).rejects.toMatchObject({ statusCode: 404 });
  });
});
