import { expect } from 'vitest';
import { startFleetSimulator, type FleetSimulator } from '../../../device/src/simulator.ts';
import type { Db } from '../db/database.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { createTestApp, type TestContext } from './harness.ts';
import { freePort, startTestRegistry, type TestRegistry } from './registry-harness.ts';
import { until } from './until.ts';

/**
 * The set-up the registry integration tests share: a listening test app whose REGISTRY_URL is a
 * real Docker distribution registry that trusts the app's tokens, a fleet with a developer, and
 * a simulated device that pulls from that registry.
 */

export interface AppWithRegistry {
  ctx: TestContext;
  /** Where the app listens, e.g. `http://127.0.0.1:41234`. */
  apiUrl: string;
  registry: TestRegistry;
  /** Stops the registry, then the app. */
  close(): Promise<void>;
}

export async function startAppWithRegistry(): Promise<AppWithRegistry> {
  // The registry's port goes into the app's config before either starts; the registry then needs the app's signing certificate.
  const port = await freePort();
  const ctx = await createTestApp({ registryUrl: `http://127.0.0.1:${port}` });
  try {
    const apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const cert = await fetch(`${apiUrl}/auth/v1/registry-cert`);
    const registry = await startTestRegistry({ port, realm: `${apiUrl}/auth/v1/token`, certificatePem: await cert.text() });
    return {
      ctx,
      apiUrl,
      registry,
      async close() {
        await registry.stop();
        await ctx.close();
      },
    };
  } catch (err) {
    await ctx.close();
    throw err;
  }
}

/** A fresh fleet (with a provisioning key) and a user who is a developer of it. */
export async function createFleetWithDeveloper(db: Db): Promise<{ fleet: TestFleetWithKey; developer: Awaited<ReturnType<typeof createUserWithKey>> }> {
  const fleet = await createFleetWithProvisioningKey(db);
  const developer = await createUserWithKey(db, fleet.applicationId, 'developer');
  return { fleet, developer };
}

export interface PullingDeviceOptions {
  apiUrl: string;
  provisioningKey: string;
  /** The registry the device pulls release images from. */
  registryUrl: string;
  stateFile: string;
}

/** One simulated device that pulls from the registry, provisioned; the caller stops `sim`. */
export async function startPullingDevice(opts: PullingDeviceOptions): Promise<{ sim: FleetSimulator; device: FleetSimulator['devices'][number] }> {
  const sim = await startFleetSimulator({
    ...opts,
    count: 1,
    intervalMs: 200,
    updateStepMs: 50,
    metricsIntervalMs: 0,
    appLogIntervalMs: 0,
    link: false,
  });
  try {
    await sim.waitUntilProvisioned(15_000);
  } catch (err) {
    await sim.stop();
    throw err;
  }
  return { sim, device: sim.devices[0]! };
}

/**
 * Waits until the device reports `releaseId` as running with its update done, and checks it is
 * idle with the release's image installed and running.
 */
export async function expectRunningRelease(db: Db, uuid: string, release: { releaseId: number; imageId: number }, what = 'the device running the release'): Promise<void> {
  const running = await until(
    what,
    () => db.selectFrom('device').select(['is_running__release', 'update_status', 'status']).where('uuid', '=', uuid).executeTakeFirstOrThrow(),
    (d) => d.is_running__release === release.releaseId && d.update_status === 'done',
    20_000,
  );
  expect(running.status).toBe('Idle');
  const installs = await db.selectFrom('image_install').select(['status']).where('installs__image', '=', release.imageId).execute();
  expect(installs.map((i) => i.status)).toEqual(['Running']);
}
