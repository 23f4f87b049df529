// balena-sdk models.application settings calls against a live Flotilla server: release
// targeting (compat/balena-api.md §2.11 #7–8), support access (#29), device URLs (#30) and
// getAll with options. Fleet roles for these calls: model/access/permissions-matrix*.int.test.ts.
import { describe, expect, it } from 'vitest';
import { orgAndFleet, recordStatuses, registeredDevice, signedUpSdk, unique, useLiveServer, type Sdk } from './sdk-fixtures.ts';

const server = useLiveServer();

/** A release of the fleet made through the public API, as `balena deploy` creates one. */
async function release(sdk: Sdk, fleetId: number, opts: { status?: string; isFinal?: boolean } = {}) {
  const { id: userId } = await sdk.auth.getUserInfo();
  const commit = `${unique()}${unique()}${unique()}${unique()}`;
  const row = (await sdk.pine.post({
    resource: 'release',
    body: {
      belongs_to__application: fleetId,
      is_created_by__user: userId,
      commit,
      status: opts.status ?? 'success',
      source: 'local',
      composition: {},
      start_timestamp: new Date().toISOString(),
      is_final: opts.isFinal ?? true,
    },
  } as never)) as { id: number };
  return { id: row.id, commit };
}

describe('application release targeting', () => {
  it('pins to a release by commit, reports it, and tracks the latest again', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    expect(await sdk.models.application.willTrackNewReleases(slug)).toBe(true);
    // No release yet: tracking latest with nothing to run.
    expect(await sdk.models.application.isTrackingLatestRelease(slug)).toBe(true);
    expect(await sdk.models.application.getTargetReleaseHash(slug)).toBeUndefined();

    const first = await release(sdk, fleetId);
    const second = await release(sdk, fleetId);
    await sdk.models.application.pinToRelease(slug, first.commit);
    expect(await sdk.models.application.getTargetReleaseHash(fleetId)).toBe(first.commit);
    expect(await sdk.models.application.willTrackNewReleases(fleetId)).toBe(false);
    expect(await sdk.models.application.isTrackingLatestRelease(fleetId)).toBe(false);

    await sdk.models.application.trackLatestRelease(slug);
    expect(await sdk.models.application.willTrackNewReleases(slug)).toBe(true);
    expect(await sdk.models.application.getTargetReleaseHash(slug)).toBe(second.commit);
    expect(await sdk.models.application.isTrackingLatestRelease(slug)).toBe(true);
  });

  it('refuses to pin a failed release or another fleet’s release', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const a = await orgAndFleet(sdk);
    const b = await orgAndFleet(sdk);
    const failed = await release(sdk, a.fleetId, { status: 'failed', isFinal: false });
    await expect(sdk.models.application.pinToRelease(a.slug, failed.commit)).rejects.toMatchObject({ code: 'BalenaReleaseNotFound' });
    const other = await release(sdk, b.fleetId);
    await expect(sdk.models.application.pinToRelease(a.slug, other.commit)).rejects.toMatchObject({ code: 'BalenaReleaseNotFound' });
    // Sent directly, the server refuses another fleet's release as the target.
    await expect(
      sdk.pine.patch({ resource: 'application', id: a.fleetId, body: { should_be_running__release: other.id, should_track_latest_release: false } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await sdk.models.application.getTargetReleaseHash(a.slug)).toBeUndefined();
  });
});

describe('application support access', () => {
  it('grants until a future time (epoch ms on the wire) and revokes', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const until = Date.now() + 60 * 60 * 1000;
    const statuses = recordStatuses(sdk);
    await sdk.models.application.grantSupportAccess(slug, until);
    expect(statuses.at(-1)?.status).toBe(200);
    const granted = await sdk.models.application.get(fleetId, { $select: ['is_accessible_by_support_until__date'] });
    expect(new Date(granted.is_accessible_by_support_until__date!).getTime()).toBe(until);
    await sdk.models.application.revokeSupportAccess(fleetId);
    expect((await sdk.models.application.get(fleetId, { $select: ['is_accessible_by_support_until__date'] })).is_accessible_by_support_until__date).toBeNull();
  });

  it('refuses a date in the past on the server too (the SDK checks it first)', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    await expect(sdk.models.application.grantSupportAccess(slug, Date.now() - 1000)).rejects.toMatchObject({ code: 'BalenaInvalidParameterError' });
    await expect(
      sdk.pine.patch({ resource: 'application', id: fleetId, body: { is_accessible_by_support_until__date: Date.now() - 5 * 60_000 } }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('in the future') });
  });
});

describe('application device URLs and getAll options', () => {
  it('enables and disables the public URL of every device of the fleet', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const one = await registeredDevice(sdk, slug);
    const two = await registeredDevice(sdk, slug);
    await sdk.models.application.enableDeviceUrls(slug);
    const urls = async () =>
      (await sdk.models.device.getAllByApplication(fleetId, { $select: ['uuid', 'is_web_accessible'], $orderby: { id: 'asc' } })).map((d) => [d.uuid, d.is_web_accessible]);
    expect(await urls()).toEqual([
      [one.uuid, true],
      [two.uuid, true],
    ]);
    await sdk.models.application.disableDeviceUrls(fleetId);
    expect(await urls()).toEqual([
      [one.uuid, false],
      [two.uuid, false],
    ]);
  });

  it('getAll passes $filter, $expand, $top and $orderby through', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
    for (const name of ['bravo', 'alpha', 'charlie']) await sdk.models.application.create({ name, deviceType: 'raspberrypi4-64', organization: org.handle });
    const page = await sdk.models.application.getAll({
      $select: ['app_name'],
      $expand: { organization: { $select: ['handle'] }, application_type: { $select: ['slug'] } },
      $filter: { organization: org.id, app_name: { $ne: 'charlie' } },
      $orderby: { app_name: 'desc' },
      $top: 5,
    });
    expect(page).toEqual([
      { app_name: 'bravo', organization: [{ handle: org.handle }], application_type: [{ slug: 'microservices' }] },
      { app_name: 'alpha', organization: [{ handle: org.handle }], application_type: [{ slug: 'microservices' }] },
    ]);
  });
});
