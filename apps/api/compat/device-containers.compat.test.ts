// balena-sdk's container controls and supervisor state (compat/balena-api.md §4.1:
// device.startService/stopService/restartService, device.getSupervisorState) against a simulated
// device of apps/device running a release over its link: the SDK's calls change what the device
// runs, and the change comes back through the SDK's own read of the device's services.
import { afterAll, describe, expect, it } from 'vitest';
import { startFleetSimulator, type FleetSimulator } from '../../device/src/simulator.ts';
import { createRelease } from '../src/devices/device-test-factories.ts';
import { orgAndFleet, signedUpSdk, useLiveServer, type Sdk } from './sdk-fixtures.ts';

const server = useLiveServer();
const simulators: FleetSimulator[] = [];
afterAll(async () => {
  await Promise.all(simulators.map((s) => s.stop()));
});

async function runningDevice(sdk: Sdk) {
  const fleet = await orgAndFleet(sdk);
  const release = await createRelease(server.current.database.db, fleet.fleetId, { makeTarget: true, serviceName: 'main' });
  const provisioningKey = await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: fleet.slug, keyExpiryDate: null });
  const simulator = await startFleetSimulator({ apiUrl: server.current.url, provisioningKey, count: 1, intervalMs: 500, log: () => undefined });
  simulators.push(simulator);
  await simulator.waitUntilProvisioned(30_000);
  const uuid = simulator.devices[0]!.identity.uuid;
  await expect.poll(() => sdk.models.device.isOnline(uuid), { timeout: 15_000 }).toBe(true);
  await expect.poll(async () => (await sdk.models.device.get(uuid, { $select: 'is_running__release' })).is_running__release, { timeout: 20_000 }).not.toBeNull();
  return { uuid, release: release, simulator };
}

/** The status the SDK's getWithServiceDetails reports for service `main` (SDK 23 groups by fleet slug, then service). */
async function mainStatus(sdk: Sdk, uuid: string): Promise<string | undefined> {
  const device = await sdk.models.device.getWithServiceDetails(uuid);
  const [byService] = Object.values(device.current_services_by_app);
  return byService?.main?.[0]?.status;
}

describe('container controls and supervisor state through the SDK', () => {
  it('stopService stops the container and startService starts it again, as getWithServiceDetails then reports', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuid, release, simulator } = await runningDevice(sdk);
    // Observe the simulated supervisor's service actions without changing what they do.
    const device = simulator.devices[0]!;
    const actions: string[] = [];
    const serviceAction = device.serviceAction.bind(device);
    device.serviceAction = (appId, which, action) => {
      actions.push(`${action} ${which.imageId}`);
      return serviceAction(appId, which, action);
    };
    await expect.poll(() => mainStatus(sdk, uuid), { timeout: 15_000 }).toBe('Running');
    await sdk.models.device.stopService(uuid, release.imageId);
    await expect.poll(() => mainStatus(sdk, uuid), { timeout: 15_000 }).toBe('Stopped');
    await sdk.models.device.startService(uuid, release.imageId);
    await expect.poll(() => mainStatus(sdk, uuid), { timeout: 15_000 }).toBe('Running');
    await sdk.models.device.restartService(uuid, release.imageId);
    expect(actions).toEqual([`stop ${release.imageId}`, `start ${release.imageId}`, `restart ${release.imageId}`]);
  });

  it("getSupervisorState answers the device's own supervisor summary", async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuid, simulator } = await runningDevice(sdk);
    const device = simulator.devices[0]!;
    const state = await sdk.models.device.getSupervisorState(uuid);
    expect(state).toMatchObject({
      api_port: 48484,
      status: 'Idle',
      os_version: device.profile.osVersion,
      supervisor_version: device.profile.supervisorVersion,
      ip_address: device.identity.ipAddress,
      commit: expect.stringMatching(/^[0-9a-f]{32}$/),
      update_pending: false,
    });
  });

  it('a user who may not diagnose the device gets no supervisor state', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { uuid } = await runningDevice(sdk);
    const { sdk: stranger } = await signedUpSdk(server.current);
    // The SDK looks the device up first: to a stranger it does not exist, as for any unknown uuid.
    await expect(stranger.models.device.getSupervisorState(uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    await expect(stranger.models.device.getSupervisorState('f'.repeat(32))).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
  });
});
