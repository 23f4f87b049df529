// balena-sdk device actions through POST /supervisor/* and the device link (compat/balena-api.md
// §4, §4.1), against simulated devices of apps/device that keep their link to a live server.
import { afterAll, describe, expect, it } from 'vitest';
import { startFleetSimulator, type FleetSimulator } from '../../device/src/simulator.ts';
import { createRelease } from '../src/devices/device-test-factories.ts';
import { orgAndFleet, signedUpSdk, useLiveServer, type Sdk } from './sdk-fixtures.ts';

const server = useLiveServer();
const simulators: FleetSimulator[] = [];
afterAll(async () => {
  await Promise.all(simulators.map((s) => s.stop()));
});

async function linkedFleet(sdk: Sdk, count: number, lockedDevices = 0, withRelease = false) {
  const fleet = await orgAndFleet(sdk);
  const release = withRelease ? await createRelease(server.current.database.db, fleet.fleetId, { makeTarget: true }) : null;
  const provisioningKey = await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: fleet.slug, keyExpiryDate: null });
  const simulator = await startFleetSimulator({ apiUrl: server.current.url, provisioningKey, count, intervalMs: 500, rebootMs: 800, lockedDevices, log: () => undefined });
  simulators.push(simulator);
  await simulator.waitUntilProvisioned(30_000);
  const uuids = simulator.devices.map((d) => d.identity.uuid);
  // SDK device.isOnline reads is_connected_to_vpn: the link's state.
  for (const uuid of uuids) await expect.poll(() => sdk.models.device.isOnline(uuid), { timeout: 15_000 }).toBe(true);
  return { fleet, simulator, uuids, release };
}

describe('device actions through the link', () => {
  it('identifies, pings and reads the supervisor state of a linked device', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuids } = await linkedFleet(sdk, 1);
    const [uuid] = uuids as [string];
    await expect(sdk.models.device.identify(uuid)).resolves.toBeUndefined();
    await expect(sdk.models.device.ping(uuid)).resolves.toBeUndefined();
    const state = await sdk.models.device.getSupervisorState(uuid);
    expect(state).toMatchObject({ api_port: 48484, os_version: expect.stringMatching(/^balenaOS /), status: expect.any(String) });
  });

  it('refuses a locked reboot with BalenaSupervisorLockedError, then forces it: the device goes offline and comes back', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuids } = await linkedFleet(sdk, 1, 1);
    const [uuid] = uuids as [string];
    await expect(sdk.models.device.reboot(uuid)).rejects.toMatchObject({ code: 'BalenaSupervisorLockedError' });
    expect(await sdk.models.device.isOnline(uuid)).toBe(true);
    await sdk.models.device.reboot(uuid, { force: true });
    await expect.poll(() => sdk.models.device.isOnline(uuid), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => sdk.models.device.isOnline(uuid), { timeout: 20_000 }).toBe(true);
  });

  it('shuts a device down for good, and then says it is not online', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuids } = await linkedFleet(sdk, 1);
    const [uuid] = uuids as [string];
    await sdk.models.device.shutdown(uuid, { force: false });
    await expect.poll(() => sdk.models.device.isOnline(uuid), { timeout: 10_000 }).toBe(false);
    await expect(sdk.models.device.identify(uuid)).rejects.toThrow(/No online device\(s\) found/);
  });

  it("another user's SDK gets the same 'No online device(s) found' as for a device that does not exist", async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuids } = await linkedFleet(sdk, 1);
    const { sdk: stranger } = await signedUpSdk(server.current);
    // The SDK first looks the device up; the stranger cannot see it, so the SDK says it is not found.
    await expect(stranger.models.device.identify(uuids[0]!)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    const res = await fetch(`${server.current.url}/supervisor/v1/blink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await stranger.auth.getToken()}` },
      body: JSON.stringify({ uuid: uuids[0] }),
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('No online device(s) found');
  });

  it('restarts the app, purges its data and asks for an update check on a device running a release', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuids, simulator } = await linkedFleet(sdk, 1, 0, true);
    const [uuid] = uuids as [string];
    // The device runs the release before its app can be restarted or purged.
    await expect.poll(async () => (await sdk.models.device.get(uuid, { $select: 'is_running__release' })).is_running__release, { timeout: 20_000 }).not.toBeNull();
    // The SDK hands back the supervisor's body: text "OK" for a restart.
    expect(await sdk.models.device.restartApplication(uuid)).toBe('OK');
    await sdk.models.device.purge(uuid);
    await sdk.models.device.update(uuid, { force: false });
    expect(simulator.devices[0]!.identity.uuid).toBe(uuid);
  });

  it('stops, starts and restarts one service by its image, and says when there is no such service', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuids, release } = await linkedFleet(sdk, 1, 0, true);
    const [uuid] = uuids as [string];
    await expect.poll(async () => (await sdk.models.device.get(uuid, { $select: 'is_running__release' })).is_running__release, { timeout: 20_000 }).not.toBeNull();
    await sdk.models.device.stopService(uuid, release!.imageId);
    await sdk.models.device.startService(uuid, release!.imageId);
    await sdk.models.device.restartService(uuid, release!.imageId);
    await expect(sdk.models.device.restartService(uuid, 987_654)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('restarts every device of a fleet with application.restart (207 from the fleet-wide route)', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleet } = await linkedFleet(sdk, 2);
    await expect(sdk.models.application.restart(fleet.slug)).resolves.toBeUndefined();
  });
});
