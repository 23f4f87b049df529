import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { startFleetSimulator } from '../../../device/src/simulator.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { loadOsReleaseCatalog } from '../os-releases/os-release-catalog.ts';
import { seedOsReleases } from '../os-releases/os-release-seed.ts';

/**
 * The real device agent (apps/device) over its real link to a listening server: an OS update
 * started through the API runs on the simulated device (update_status through its states, a
 * reboot offline, back with the new os_version), and a supervisor release set through OData is
 * installed by the device (it reads should_be_managed_by__release and reports the version).
 */

let ctx: TestContext;
let db: Db;
let apiUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  await seedOsReleases(db, loadOsReleaseCatalog());
  apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => ctx?.close());

const deviceRow = (uuid: string) =>
  db.selectFrom('device').select(['id', 'os_version', 'supervisor_version', 'update_status', 'is_connected_to_vpn', 'should_be_operated_by__release']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

describe('OS and supervisor updates on a simulated device', () => {
  it('updates the host OS and the supervisor', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const user = await createUserWithKey(db, fleet.applicationId, 'operator');
    const sim = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 1, intervalMs: 150, updateStepMs: 150, metricsIntervalMs: 0, rebootMs: 600, supervisorCheckMs: 0 });
    try {
      await sim.waitUntilProvisioned(15_000);
      const { uuid } = sim.devices[0]!;
      await expect.poll(async () => (await deviceRow(uuid)).is_connected_to_vpn, { timeout: 15_000 }).toBe(true);
      expect(await deviceRow(uuid)).toMatchObject({ os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0' });

      // Watch what the device reports while the update runs.
      const seen = { statuses: new Set<string | null>(), wentOffline: false };
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          const row = await deviceRow(uuid);
          seen.statuses.add(row.update_status);
          if (!row.is_connected_to_vpn) seen.wentOffline = true;
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/actions/v2/${uuid}/resinhup`,
        headers: { authorization: `Bearer ${user.apiKey}` },
        payload: { parameters: { target_version: '6.1.4' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json<{ id: string }>();
      await expect.poll(async () => (await deviceRow(uuid)).os_version, { timeout: 20_000 }).toBe('balenaOS 6.1.4');
      await expect.poll(async () => (await deviceRow(uuid)).is_connected_to_vpn, { timeout: 15_000 }).toBe(true);
      watching = false;
      await watcher;
      expect(seen.wentOffline).toBe(true);
      expect(seen.statuses).toContain('downloading');
      expect((await deviceRow(uuid)).update_status).toBe('done');
      const status = await ctx.app.inject({ method: 'GET', url: `/actions/v1/${uuid}/${id}`, headers: { authorization: `Bearer ${user.apiKey}` } });
      expect(status.json()).toMatchObject({ status: 'done', parameters: { target_version: '6.1.4' } });

      // The supervisor: the device reads its should_be_managed_by__release when it polls.
      const supervisor = await db
        .selectFrom('release')
        .innerJoin('application', 'application.id', 'release.belongs_to__application')
        .select('release.id')
        .where('application.slug', '=', 'balena_os/aarch64-supervisor')
        .where('release.raw_version', '=', '17.1.2')
        .executeTakeFirstOrThrow();
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `/v7/device(${(await deviceRow(uuid)).id})`,
        headers: { authorization: `Bearer ${user.apiKey}` },
        payload: { should_be_managed_by__release: supervisor.id },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      await expect.poll(async () => (await deviceRow(uuid)).supervisor_version, { timeout: 15_000 }).toBe('17.1.2');
    } finally {
      await sim.stop();
    }
  }, 60_000);

  it('updates the host OS set through OData, as balena-cli `device os-update` (SDK pinToOsRelease) sets it', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const user = await createUserWithKey(db, fleet.applicationId, 'operator');
    const sim = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 1, intervalMs: 150, updateStepMs: 150, metricsIntervalMs: 0, rebootMs: 600 });
    try {
      await sim.waitUntilProvisioned(15_000);
      const { uuid } = sim.devices[0]!;
      await expect.poll(async () => (await deviceRow(uuid)).os_version, { timeout: 15_000 }).toBe('balenaOS 6.0.0');
      const target = await db
        .selectFrom('release')
        .innerJoin('application', 'application.id', 'release.belongs_to__application')
        .innerJoin('device_type', 'device_type.id', 'application.is_for__device_type')
        .select(['release.id', 'release.commit'])
        .where('application.is_host', '=', true)
        .where('device_type.slug', '=', 'raspberrypi4-64')
        .where('release.raw_version', 'like', '6.1.4%')
        .executeTakeFirstOrThrow();
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `/v7/device(${(await deviceRow(uuid)).id})`,
        headers: { authorization: `Bearer ${user.apiKey}` },
        payload: { should_be_operated_by__release: target.id },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      await expect.poll(async () => (await deviceRow(uuid)).os_version, { timeout: 20_000 }).toBe('balenaOS 6.1.4');
      expect(await deviceRow(uuid)).toMatchObject({ should_be_operated_by__release: target.id });
      const status = await ctx.app.inject({ method: 'GET', url: `/actions/v1/${uuid}/${target.commit}`, headers: { authorization: `Bearer ${user.apiKey}` } });
      expect(status.json()).toMatchObject({ status: 'done' });
    } finally {
      await sim.stop();
    }
  }, 60_000);

  it('refuses a second OS update while one runs', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const user = await createUserWithKey(db, fleet.applicationId, 'operator');
    // Slow steps: the first update is still downloading when the second arrives.
    const sim = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 1, intervalMs: 150, updateStepMs: 5_000, metricsIntervalMs: 0 });
    try {
      await sim.waitUntilProvisioned(15_000);
      const { uuid } = sim.devices[0]!;
      await expect.poll(async () => (await deviceRow(uuid)).is_connected_to_vpn, { timeout: 15_000 }).toBe(true);
      const hup = (version: string) =>
        ctx.app.inject({ method: 'POST', url: `/actions/v1/${uuid}/resinhup`, headers: { authorization: `Bearer ${user.apiKey}` }, payload: { parameters: { target_version: version } } });
      expect((await hup('6.0.13')).statusCode).toBe(200);
      const second = await hup('6.1.4');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ error: 'Cannot start the update process' });
    } finally {
      await sim.stop();
    }
  }, 60_000);
});
