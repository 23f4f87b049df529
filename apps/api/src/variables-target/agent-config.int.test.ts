import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { until } from '../test/until.ts';
import type { Db } from '../db/database.ts';
import { startFleetSimulator } from '../../../device/src/simulator.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { createApi, releaseWithServices } from './variables-target-fixtures.ts';

/**
 * The real device agent (apps/device) against a listening API: configuration variables set
 * through /v7 reach it through its target state, it applies them and says so in the log lines
 * it sends ("Applying/Applied configuration change {…}", as balena-supervisor does), which is
 * where the dashboard reads the applied value (compat §5.3, §5.5).
 */

let ctx: TestContext;
let db: Db;
let apiUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

const systemLogs = (deviceId: number) =>
  db.selectFrom('device_log').select('message').where('device', '=', deviceId).where('is_system', '=', true).orderBy('id').execute().then((rows) => rows.map((r) => r.message));
const applied = (json: string) => `Applied configuration change ${json}`;

describe('the agent applies its configuration and reports it', () => {
  it('follows a changed poll interval (fleet, then a device override) and local mode, and logs each change', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const v7 = createApi(ctx.app, (await createUserWithKey(db, fleet.applicationId, 'developer')).apiKey);
    // Intervals below the 10 s a user may set (variable.hooks.ts), written directly so the test runs in seconds.
    const fleetPoll = await db.insertInto('application_config_variable').values({ application: fleet.applicationId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '1000' }).returning('id').executeTakeFirstOrThrow();
    // No fixed interval: the agent follows its target config.
    const sim = await startFleetSimulator({ apiUrl, provisioningKey: fleet.provisioningKey, count: 1, metricsIntervalMs: 0, appLogIntervalMs: 0, link: false, updateStepMs: 200 });
    try {
      await sim.waitUntilProvisioned(15_000);
      const agent = sim.devices[0]!;
      const deviceId = agent.identity.deviceId!;
      expect(agent.pollIntervalMs).toBe(1000);
      await until('the first configuration change stored', () => systemLogs(deviceId), (m) => m.includes(applied('{"SUPERVISOR_POLL_INTERVAL":"1000"}')));

      // The fleet value changes: applied on the next poll, logged, and the polls follow it.
      await db.updateTable('application_config_variable').set({ value: '1200' }).where('id', '=', fleetPoll.id).execute();
      await until('the fleet change applied', () => systemLogs(deviceId), (m) => m.includes(applied('{"SUPERVISOR_POLL_INTERVAL":"1200"}')), 10_000);
      expect(agent.pollIntervalMs).toBe(1200);

      // A device override (the name the supervisor itself writes) wins over the fleet's.
      await db.insertInto('device_config_variable').values({ device: deviceId, name: 'RESIN_SUPERVISOR_POLL_INTERVAL', value: '700' }).execute();
      const logs = await until('the device override applied', () => systemLogs(deviceId), (m) => m.includes(applied('{"SUPERVISOR_POLL_INTERVAL":"700"}')), 10_000);
      expect(logs).toContain('Applying configuration change {"SUPERVISOR_POLL_INTERVAL":"700"}');
      expect(agent.pollIntervalMs).toBe(700);
      // The agent schedules its next poll from the applied interval (device.test.ts times it);
      // here it keeps polling with it. No count per wall-clock second: a loaded CI machine
      // stretches every poll.
      const polls = agent.polls;
      await until('three more polls', async () => agent.polls, (n) => n >= polls + 3, 15_000);
      expect(agent.pollIntervalMs).toBe(700);

      // Local mode (a device configuration variable, as the dashboard's toggle writes it): a new
      // release is not applied and the change is the last line the cloud sees …
      await db.insertInto('device_config_variable').values({ device: deviceId, name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }).execute();
      await until('local mode applied', () => systemLogs(deviceId), (m) => m.includes(applied('{"SUPERVISOR_LOCAL_MODE":"true"}')), 10_000);
      const release = await releaseWithServices(db, fleet.applicationId, ['main']);
      await v7('PATCH', `/v7/application(${fleet.applicationId})`, { should_be_running__release: release.releaseId });
      const pollsBefore = agent.polls;
      await until('two polls in local mode', async () => agent.polls, (n) => n >= pollsBefore + 2, 10_000);
      expect(agent.isUpdating).toBe(false);
      const row = () => db.selectFrom('device').select(['is_running__release', 'update_status']).where('id', '=', deviceId).executeTakeFirstOrThrow();
      expect((await row()).is_running__release).toBeNull();

      // … off again: the cloud's target applies and the device runs the release.
      await db.updateTable('device_config_variable').set({ value: '0' }).where('device', '=', deviceId).where('name', '=', 'BALENA_SUPERVISOR_LOCAL_MODE').execute();
      await until('the release running after local mode', row, (r) => r.is_running__release === release.releaseId && r.update_status === 'done', 15_000);
      const after = await until('the start logged', () => systemLogs(deviceId), (m) => m.includes("Started service 'main'"));
      expect(after).toContain(applied('{"SUPERVISOR_LOCAL_MODE":"false"}'));
    } finally {
      await sim.stop();
    }
  });
});
