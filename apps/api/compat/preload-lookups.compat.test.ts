// The API calls of `balena preload` (balena-cli 25.2.6 commands/preload and balena-preload 18.0.5),
// sent by the unmodified balena-sdk with the exact pine options those packages pass. The command
// itself needs a Docker daemon (it builds and runs its preloader container before asking the API
// anything), so the suite makes its lookups directly: the fleet choice without `--fleet`, the
// fleet with its successful releases and images, the target state (v3 for the fleet, v2 through
// a throwaway device), and the registry token to pull the images. Before, the fleet choice
// answered 400: its filter returns from CPU architecture to device types (navigation-rules.ts).
import { describe, expect, it } from 'vitest';
import { balenaDeploy } from './balena-deploy.ts';
import { orgAndFleet, signedUpSdk, useLiveServer, type Sdk } from './sdk-fixtures.ts';

const server = useLiveServer();

// balena-cli build/commands/preload/index.js
const applicationExpandOptions = {
  owns__release: {
    $select: ['id', 'commit', 'end_timestamp', 'composition', 'raw_version'],
    $expand: { release_image: { $select: ['id'], $expand: { image: { $select: ['image_size', 'is_stored_at__image_location'] } } } },
    $filter: { status: 'success' },
    $orderby: [{ end_timestamp: 'desc' }, { id: 'desc' }],
  },
  should_be_running__release: { $select: 'commit' },
};
const any = (alias: string, expr: object) => ({ $any: { $alias: alias, $expr: { [alias]: expr } } });
const getApplicationsWithBuildOptions = (deviceTypeSlug: string) => ({
  $select: ['id', 'slug', 'should_track_latest_release'],
  $expand: applicationExpandOptions,
  $filter: { is_for__device_type: any('dt', { is_of__cpu_architecture: any('ioca', { is_supported_by__device_type: any('isbdt', { slug: deviceTypeSlug }) }) }) },
});
// balena-preload build/preload.js getApplicationQuery
const getApplicationQuery = (releaseFilter: object) => ({
  $expand: {
    should_be_running__release: { $select: 'commit' },
    is_for__device_type: { $select: 'slug', $expand: { is_of__cpu_architecture: { $select: 'slug' } } },
    owns__release: {
      $select: ['id', 'commit', 'end_timestamp', 'composition'],
      $expand: { release_image: { $select: ['id'], $expand: { image: { $select: ['image_size', 'is_stored_at__image_location'] } } } },
      $filter: releaseFilter,
      $orderby: [{ end_timestamp: 'desc' }, { id: 'desc' }],
    },
  },
});

/** balena-preload sends these with `baseUrl: balena.pine.API_URL` (not in the SDK's typings). */
const apiUrlOf = (sdk: Sdk): string => (sdk.pine as unknown as { API_URL: string }).API_URL;

interface PreloadApp {
  id: number;
  slug: string;
  should_track_latest_release: boolean;
  owns__release: { id: number; commit: string; release_image: { image: { is_stored_at__image_location: string; image_size: number }[] }[] }[];
  should_be_running__release: { commit: string }[];
}

describe('balena preload: the API lookups around the image', () => {
  it("without --fleet: the fleets whose device type's architecture the image's device type has, with their successful releases", async () => {
    const { sdk } = await signedUpSdk(server.current);
    const arm64 = await orgAndFleet(sdk, 'raspberrypi4-64');
    const amd64 = await orgAndFleet(sdk, 'intel-nuc');
    const deployed = await balenaDeploy(sdk, server.current.url, arm64.fleetId, { services: [{ name: 'main' }], semver: '1.0.0' });

    // An image for a Raspberry Pi 5 (aarch64) takes the Raspberry Pi 4 (64 bit) fleet, not the NUC's.
    await sdk.models.deviceType.get('raspberrypi5');
    const apps = (await sdk.models.application.getAllDirectlyAccessible(getApplicationsWithBuildOptions('raspberrypi5') as never)) as unknown as PreloadApp[];
    expect(apps.map((a) => a.slug)).toEqual([arm64.slug]);
    const [app] = apps;
    expect(app!.should_track_latest_release).toBe(true);
    expect(app!.should_be_running__release).toEqual([{ commit: deployed.commit }]);
    expect(app!.owns__release.map((r) => r.commit)).toEqual([deployed.commit]);
    expect(app!.owns__release[0]!.release_image[0]!.image[0]!.is_stored_at__image_location).toBe(deployed.images[0]!.location);

    const forNuc = (await sdk.models.application.getAllDirectlyAccessible(getApplicationsWithBuildOptions('generic-amd64') as never)) as unknown as PreloadApp[];
    expect(forNuc.map((a) => a.slug)).toEqual([amd64.slug]);
    expect(forNuc[0]!.owns__release).toEqual([]);
  });

  it('--fleet --commit: the release by commit prefix, the fleet target state for it, and the v2 state through a throwaway device', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleetId, slug } = await orgAndFleet(sdk, 'raspberrypi4-64');
    const first = await balenaDeploy(sdk, server.current.url, fleetId, { services: [{ name: 'main' }], semver: '1.0.0' });
    await balenaDeploy(sdk, server.current.url, fleetId, { services: [{ name: 'main' }], semver: '1.1.0' });

    const app = (await sdk.models.application.get(slug, getApplicationQuery({ status: 'success', commit: { $startswith: first.commit.slice(0, 7) } }) as never)) as unknown as PreloadApp & {
      uuid: string;
      is_for__device_type: { slug: string; is_of__cpu_architecture: { slug: string }[] }[];
    };
    expect(app.owns__release.map((r) => r.commit)).toEqual([first.commit]);
    expect(app.is_for__device_type).toEqual([{ slug: 'raspberrypi4-64', is_of__cpu_architecture: [{ slug: 'aarch64' }] }]);
    const release = app.owns__release[0]!;

    // Supervisor ≥ 13 in the image: the fleet's v3 target state for that release.
    const state = (await sdk.models.device.getSupervisorTargetStateForApp(fleetId, first.commit)) as unknown as Record<string, { apps: Record<string, { releases: Record<string, unknown> }> }>;
    expect(Object.keys(state[app.uuid]!.apps[app.uuid]!.releases)).toEqual([first.commit]);

    // Older supervisors: register a device, pin it to the release, read its v2 state with the user's token, remove it.
    const uuid = sdk.models.device.generateUniqueKey();
    const device = await sdk.models.device.register(fleetId, uuid);
    await sdk.pine.patch({ resource: 'device', id: device.id, body: { is_pinned_on__release: release.id } });
    const v2 = await sdk.request.send({
      headers: { 'User-Agent': 'Supervisor/v6.6.0 (Linux; Resin OS 2.12.3; prod)' },
      baseUrl: apiUrlOf(sdk),
      url: `device/v2/${uuid}/state`,
    });
    expect(v2.statusCode).toBe(200);
    expect((v2.body as { local: { apps: Record<string, { commit: string }> } }).local.apps[String(fleetId)]!.commit).toBe(first.commit);
    await sdk.models.device.remove(uuid);
    expect(await sdk.models.device.has(uuid)).toBe(false);

    // Pull access to the release's images.
    const locations = release.release_image.map((ri) => ri.image[0]!.is_stored_at__image_location);
    const token = await sdk.request.send({
      baseUrl: apiUrlOf(sdk),
      url: '/auth/v1/token',
      qs: { service: locations[0]!.split('/')[0], scope: locations.map((l) => `repository:${l.slice(l.indexOf('/') + 1)}:pull`) },
    });
    expect(token.statusCode).toBe(200);
    expect(typeof (token.body as { token: string }).token).toBe('string');
  });
});
