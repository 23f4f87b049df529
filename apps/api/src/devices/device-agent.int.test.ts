import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { until } from '../test/until.ts';
import type { Db } from '../db/database.ts';
import { startFleetSimulator } from '../../../device/src/simulator.ts';
import { createFleetWithProvisioningKey, createRelease, createUserWithKey, newDeviceUuid } from './device-test-factories.ts';

/** The real device agent (apps/device) against a listening server: register, poll, report, update. */

let ctx: TestContext;
let db: Db;
let apiUrl: string;
let stateDir: string;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  stateDir = mkdtempSync(join(tmpdir(), 'flotilla-agent-'));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const fleetDevices = (applicationId: number) =>
  db
    .selectFrom('device')
    .select(['uuid', 'api_heartbeat_state', 'is_online', 'status', 'os_version', 'supervisor_version', 'cpu_usage', 'memory_total', 'is_running__release', 'update_status'])
    .where('belongs_to__application', '=', applicationId)
    .orderBy('uuid')
    .execute();

describe('device agent against a live server', () => {
  it('registers 3 devices that come online, report state, and update to a new target release', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const stateFile = join(stateDir, 'devices.json');
    const sim = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 3, intervalMs: 200, metricsIntervalMs: 0, stateFile });
    try {
      await sim.waitUntilProvisioned(15_000);
      const names = await db.selectFrom('device').select(['uuid', 'device_name']).where('belongs_to__application', '=', fleet.applicationId).execute();
      for (const d of sim.devices) expect(d.name).toBe(names.find((n) => n.uuid === d.uuid)?.device_name);
      const online = await until(
        'devices online with a report',
        () => fleetDevices(fleet.applicationId),
        (rows) => rows.length === 3 && rows.every((r) => r.api_heartbeat_state === 'online' && r.is_online && r.status === 'Idle' && r.cpu_usage !== null),
      );
      for (const r of online) {
        expect(r).toMatchObject({ status: 'Idle', supervisor_version: '17.0.0' });
        expect(r.cpu_usage).toEqual(expect.any(Number));
        expect(r.memory_total).toBeGreaterThan(0);
      }

      const release = await createRelease(db, fleet.applicationId, { makeTarget: true });
      const updated = await until(
        'devices running the new release',
        () => fleetDevices(fleet.applicationId),
        (rows) => rows.every((r) => r.is_running__release === release.releaseId && r.update_status === 'done' && r.status === 'Idle'),
      );
      expect(updated).toHaveLength(3);
      const installs = await db.selectFrom('image_install').select(['status']).where('installs__image', '=', release.imageId).execute();
      expect(installs.map((i) => i.status)).toEqual(['Running', 'Running', 'Running']);
      const started = await until(
        'start logs stored',
        () => db.selectFrom('device_log').select(['message', 'is_system']).where('message', '=', "Started service 'main'").execute(),
        (rows) => rows.length >= 3,
      );
      expect(started.every((r) => r.is_system)).toBe(true);
    } finally {
      await sim.stop();
    }

    // The state file lets a restarted simulator come back as the same devices.
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { devices: Array<{ uuid: string; deviceId?: number }> };
    expect(saved.devices).toHaveLength(3);
    expect(saved.devices.every((d) => typeof d.deviceId === 'number')).toBe(true);
    const again = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 3, intervalMs: 200, stateFile });
    try {
      await again.waitUntilProvisioned(5000);
      expect(again.devices.map((d) => d.identity.uuid).sort()).toEqual(saved.devices.map((d) => d.uuid).sort());
      await until('restarted devices polling', async () => again.devices.map((d) => d.polls), (p) => p.every((n) => n > 0));
    } finally {
      await again.stop();
    }
    expect(await fleetDevices(fleet.applicationId)).toHaveLength(3);
  });

  it('a device registered ahead boots: 409 on register, then exchanges its key through the provisioning key (compat §5.2 step 3)', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    // Registered ahead, as `balena device register` does: a uuid, no key the device knows.
    const uuid = newDeviceUuid();
    const registered = await fetch(`${apiUrl}/device/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fleet.provisioningKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ application: fleet.applicationId, uuid, device_type: 'raspberrypi4-64' }),
    });
    expect(registered.status).toBe(201);
    const stateFile = join(stateDir, `exchange-${uuid}.json`);
    writeFileSync(stateFile, JSON.stringify({ version: 1, devices: [{ uuid, apiKey: randomBytes(16).toString('hex'), ipAddress: '10.0.0.9', macAddress: '02:00:00:00:00:09' }] }));

    const device = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 1, intervalMs: 200, stateFile });
    try {
      await device.waitUntilProvisioned(10_000);
      const row = await until(
        'the exchanged device online',
        () => db.selectFrom('device').select(['id', 'api_heartbeat_state']).where('uuid', '=', uuid).executeTakeFirstOrThrow(),
        (r) => r.api_heartbeat_state === 'online',
      );
      expect(device.devices[0]!.identity.deviceId).toBe(row.id);
      expect(await fleetDevices(fleet.applicationId)).toHaveLength(1);
    } finally {
      await device.stop();
    }
  });

  it('a device that has run and lost its key is refused by the provisioning key, and comes back once a fleet user sets its key', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const stateFile = join(stateDir, `rekey-${fleet.applicationId}.json`);
    const first = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 1, intervalMs: 200, stateFile });
    await first.waitUntilProvisioned(10_000);
    await first.stop();
    // Same uuid, a key the server has never seen, and no device id: reflashed with its old uuid.
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { devices: Array<Record<string, unknown>> };
    const uuid = saved.devices[0]!.uuid as string;
    const newKey = randomBytes(16).toString('hex');
    writeFileSync(stateFile, JSON.stringify({ version: 1, devices: [{ ...saved.devices[0], deviceId: undefined, apiKey: newKey }] }));

    const again = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 1, intervalMs: 200, stateFile });
    try {
      // Whoever holds the fleet's provisioning key (every image has it) cannot take a running device's identity.
      await expect(again.waitUntilProvisioned(1_500)).rejects.toThrow(/registered but not visible to the provisioning key/);
      const { id } = await db.selectFrom('device').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
      // A user with API-key rights on the fleet sets the key the device chose (balena-sdk device.generateDeviceKey).
      const developer = await createUserWithKey(db, fleet.applicationId, 'developer');
      const set = await fetch(`${apiUrl}/api-key/device/${id}/device-key`, {
        method: 'POST',
        headers: { authorization: `Bearer ${developer.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: newKey }),
      });
      expect(set.status).toBe(200);
      await again.waitUntilProvisioned(15_000);
      expect(again.devices[0]!.identity.deviceId).toBe(id);
      expect(await fleetDevices(fleet.applicationId)).toHaveLength(1);
    } finally {
      await again.stop();
    }
  });
});
