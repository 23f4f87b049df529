import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { createApi, releaseWithServices } from './variables-target-fixtures.ts';

/**
 * Fleets spec §8 warning "Not applied (variable for an outdated service)": a service variable
 * (fleet-wide for a service, or the device's own for one of its services) does not act on a
 * device until that service runs the device's target release. The dashboard learns it from one
 * /v7 read of the device (no dedicated route): its target release, and each installed image's
 * service and release. A service is outdated when it has no install provided by the target
 * release. Installs come from the device's state reports (compat §5.4).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** The read the dashboard makes on the device variables page (documented in the report to the lead). */
const NOT_APPLIED_QUERY = (deviceId: number) =>
  `/v7/device(${deviceId})?$select=id` +
  `&$expand=should_be_running__release($select=id,commit,raw_version),` +
  `image_install($select=id,status;$filter=status ne 'deleted';` +
  `$expand=installs__image($select=id;$expand=is_a_build_of__service($select=id,service_name)),is_provided_by__release($select=id,commit,raw_version))`;

interface DeviceServices {
  d: Array<{
    should_be_running__release: Array<{ id: number; commit: string }>;
    image_install: Array<{ status: string; installs__image: Array<{ is_a_build_of__service: Array<{ id: number; service_name: string }> }>; is_provided_by__release: Array<{ id: number }> }>;
  }>;
}

/** The services whose variables are not applied: those without a live install from the target release. */
function outdatedServices(answer: DeviceServices, serviceNames: string[]): string[] {
  const device = answer.d[0]!;
  const target = device.should_be_running__release[0]?.id;
  const current = new Set(
    device.image_install.filter((ii) => ii.is_provided_by__release[0]?.id === target).map((ii) => ii.installs__image[0]!.is_a_build_of__service[0]!.service_name),
  );
  return serviceNames.filter((s) => !current.has(s));
}

describe('"not applied": which services of a device run an older release than its target', () => {
  it('answers, through existing /v7 resources, each install’s service and release beside the target', async () => {
    const db = ctx.database.db;
    const fleet = await createFleetWithProvisioningKey(db);
    const v7 = createApi(ctx.app, (await createUserWithKey(db, fleet.applicationId, 'observer')).apiKey);
    const r1 = await releaseWithServices(db, fleet.applicationId, ['main']);
    const r2 = await releaseWithServices(db, fleet.applicationId, ['main', 'worker']);
    await db.updateTable('application').set({ should_be_running__release: r1.releaseId }).where('id', '=', fleet.applicationId).execute();
    const device = await registerDevice(ctx.app, fleet);
    const report = async (commit: string, images: Record<string, string>) => {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: '/device/v3/state',
        headers: { authorization: `Bearer ${device.apiKey}` },
        payload: {
          [device.uuid]: {
            apps: {
              [fleet.applicationUuid]: {
                release_uuid: commit,
                releases: { [commit]: { update_status: 'done', services: Object.fromEntries(Object.entries(images).map(([s, image]) => [s, { image, status: 'Running' }])) } },
              },
            },
          },
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };

    // Running its target r1: main is current.
    await report(r1.commit, r1.imageLocations);
    expect(outdatedServices(await v7<DeviceServices>('GET', NOT_APPLIED_QUERY(device.id)), ['main', 'worker'])).toEqual(['worker']);

    // The fleet moves to r2 while the device still runs r1: main (r1's image) and worker (not
    // installed) are outdated; a variable of either is "not applied".
    await db.updateTable('application').set({ should_be_running__release: r2.releaseId }).where('id', '=', fleet.applicationId).execute();
    const outdated = await v7<DeviceServices>('GET', NOT_APPLIED_QUERY(device.id));
    expect(outdated.d[0]!.should_be_running__release[0]!.commit).toBe(r2.commit);
    expect(outdated.d[0]!.image_install.map((ii) => [ii.installs__image[0]!.is_a_build_of__service[0]!.service_name, ii.is_provided_by__release[0]!.id])).toEqual([['main', r1.releaseId]]);
    expect(outdatedServices(outdated, ['main', 'worker'])).toEqual(['main', 'worker']);

    // The device has updated: nothing outdated.
    await report(r2.commit, r2.imageLocations);
    expect(outdatedServices(await v7<DeviceServices>('GET', NOT_APPLIED_QUERY(device.id)), ['main', 'worker'])).toEqual([]);

    // Pinned back to r1, the target is the pin's: main now runs a release other than its target
    // (a rollback is outdated too), and worker (r2 only) is no longer a service of the target.
    await db.updateTable('device').set({ is_pinned_on__release: r1.releaseId }).where('id', '=', device.id).execute();
    const pinned = await v7<DeviceServices>('GET', NOT_APPLIED_QUERY(device.id));
    expect(pinned.d[0]!.should_be_running__release[0]!.id).toBe(r1.releaseId);
    expect(outdatedServices(pinned, ['main'])).toEqual(['main']);
  });
});
