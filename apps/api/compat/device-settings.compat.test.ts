// balena-sdk models.device settings and lifecycle (fleets spec §2 device settings, §5; compat
// §6.1): move, pin/track, public URL, local mode, support access, custom location, deactivate,
// status and progress.
import { describe, expect, it } from 'vitest';
import { orgAndFleet, registeredDevice, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';
import { DEVICE_ACTION_ERRORS } from '@flotilla/core/device-action-errors';
import { createRelease } from '../src/devices/device-test-factories.ts';

const server = useLiveServer();

/** The organization subscribes to a paid plan, as the billing service records a completed plan change. */
async function payForPlan(orgId: number): Promise<void> {
  const db = server.current.database.db;
  const plan = await db.selectFrom('plan').select('id').where('billing_code', '=', 'pilot-v2').executeTakeFirstOrThrow();
  await db.updateTable('subscription').set({ is_active: false }).where('is_for__organization', '=', orgId).execute();
  await db.insertInto('subscription').values({ is_for__organization: orgId, is_for__plan: plan.id, is_active: true }).execute();
}

describe('device settings through the SDK', () => {
  it('moves a device to another fleet of a compatible architecture, and refuses an incompatible one', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const from = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, from.slug);
    const to = await sdk.models.application.create({ name: `to${Date.now().toString(36)}`, deviceType: 'raspberrypi4-64', organization: from.handle });
    await sdk.models.device.move(uuid, to.slug);
    expect((await sdk.models.device.get(uuid, { $select: 'belongs_to__application' })).belongs_to__application).toEqual({ __id: to.id });
    const nuc = await sdk.models.application.create({ name: `nuc${Date.now().toString(36)}`, deviceType: 'intel-nuc', organization: from.handle });
    await expect(sdk.models.device.move(uuid, nuc.id)).rejects.toThrow();
    expect((await sdk.models.device.get(uuid, { $select: 'belongs_to__application' })).belongs_to__application).toEqual({ __id: to.id });
  });

  it('pins a device to a release and tracks the fleet again', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    const release = await createRelease(server.current.database.db, fleet.fleetId);
    await sdk.models.device.pinToRelease(uuid, release.commit);
    expect(await sdk.models.device.isTrackingApplicationRelease(uuid)).toBe(false);
    expect(await sdk.models.device.getTargetReleaseHash(uuid)).toBe(release.commit);
    await sdk.models.device.trackApplicationRelease(uuid);
    expect(await sdk.models.device.isTrackingApplicationRelease(uuid)).toBe(true);
  });

  it('turns the public URL and local mode on and off', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    // Local mode needs a provisioned development device (fleets spec §5): as its supervisor reports.
    await server.current.database.db
      .updateTable('device')
      .set({ os_version: 'balenaOS 6.0.0', os_variant: 'dev', supervisor_version: '17.0.0', last_connectivity_event: new Date().toISOString() })
      .where('uuid', '=', uuid)
      .execute();
    await sdk.models.device.enableDeviceUrl(uuid);
    expect(await sdk.models.device.hasDeviceUrl(uuid)).toBe(true);
    expect(await sdk.models.device.getDeviceUrl(uuid)).toMatch(new RegExp(`^https://${uuid}\\.devices\\.`));
    await sdk.models.device.disableDeviceUrl(uuid);
    expect(await sdk.models.device.hasDeviceUrl(uuid)).toBe(false);
    await sdk.models.device.enableLocalMode(uuid);
    expect(await sdk.models.device.isInLocalMode(uuid)).toBe(true);
    await sdk.models.device.disableLocalMode(uuid);
    expect(await sdk.models.device.isInLocalMode(uuid)).toBe(false);
  });

  it('grants support access until a date and revokes it', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    const until = async () => (await sdk.models.device.get(uuid, { $select: 'is_accessible_by_support_until__date' })).is_accessible_by_support_until__date;
    const expiry = Date.now() + 3_600_000;
    await sdk.models.device.grantSupportAccess(uuid, expiry);
    expect(new Date(String(await until())).getTime()).toBe(expiry);
    await sdk.models.device.revokeSupportAccess(uuid);
    expect(await until()).toBeNull();
    await expect(sdk.models.device.grantSupportAccess(uuid, Date.now() - 3_600_000)).rejects.toThrow();
  });

  it('sets and unsets a custom location', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    await sdk.models.device.setCustomLocation(uuid, { latitude: 52.37, longitude: 4.89 });
    expect(await sdk.models.device.get(uuid, { $select: ['custom_latitude', 'custom_longitude'] })).toEqual({ custom_latitude: '52.37', custom_longitude: '4.89' });
    await sdk.models.device.unsetCustomLocation(uuid);
    expect(await sdk.models.device.get(uuid, { $select: ['custom_latitude', 'custom_longitude'] })).toEqual({ custom_latitude: '', custom_longitude: '' });
  });

  it('reads the status and progress, and deactivates an offline device once the organization pays', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    expect(await sdk.models.device.getStatus(uuid)).toBe('configuring');
    expect(await sdk.models.device.getProgress(uuid)).toBeNull();
    // A new organization is on the free plan: deactivation needs a paid one (fleets spec §5, §8).
    await expect(sdk.models.device.deactivate(uuid)).rejects.toThrow(DEVICE_ACTION_ERRORS.upgradePlan);
    expect(await sdk.models.device.getStatus(uuid)).toBe('configuring');
    // Plans change through the billing service (payment first), which has no API here: its result is written as it would.
    await payForPlan(fleet.orgId);
    await sdk.models.device.deactivate(uuid);
    expect(await sdk.models.device.getStatus(uuid)).toBe('inactive');
    await expect(sdk.models.device.deactivate(uuid)).rejects.toThrow(DEVICE_ACTION_ERRORS.alreadyInactive);
  });

  it('refuses to deactivate a device whose link is up, and local mode on a production device', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    await payForPlan(fleet.orgId);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    await server.current.database.db.updateTable('device').set({ is_connected_to_vpn: true, os_version: 'balenaOS 6.0.0', os_variant: 'prod', supervisor_version: '17.0.0' }).where('uuid', '=', uuid).execute();
    await expect(sdk.models.device.deactivate(uuid)).rejects.toThrow(DEVICE_ACTION_ERRORS.mustBeOffline);
    // The SDK's enableLocalMode checks the device first; configVar.set skips that, the API does not.
    await expect(sdk.models.device.enableLocalMode(uuid)).rejects.toThrow();
    await expect(sdk.models.device.configVar.set(uuid, 'RESIN_SUPERVISOR_LOCAL_MODE', '1')).rejects.toThrow(DEVICE_ACTION_ERRORS.localModeUnsupported);
    await sdk.models.device.disableLocalMode(uuid);
    // Now the upsert's POST clashes and its PATCH is refused.
    await expect(sdk.models.device.configVar.set(uuid, 'RESIN_SUPERVISOR_LOCAL_MODE', '1')).rejects.toThrow(DEVICE_ACTION_ERRORS.localModeUnsupported);
    expect(await sdk.models.device.isInLocalMode(uuid)).toBe(false);
  });
});
