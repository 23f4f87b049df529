import { describe, expect, it } from 'vitest';
import { rolesWithPermission } from '@flotilla/core/roles';
import { SAFE_DEVELOPERS, FLEET_READERS, describeFleetMatrix, fleetMatrix, type FleetCase, type FleetWorld, type Who } from '../model/access/matrix-harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerDevice } from './log-test-helpers.ts';

/**
 * Who may clear and who may read a device's logs (fleets spec §6): resin.device_log.delete is
 * held by safe-developer and up (so org administrators and the team's developers too), never by
 * observers, operators, members, support agents, platform admins without a role, outsiders or
 * keys. Every principal of the fleet matrix, each on a world of its own.
 */
const m = fleetMatrix();

async function seedLines(w: FleetWorld): Promise<string> {
  const device = await m.db.selectFrom('device').select('uuid').where('id', '=', w.deviceId).executeTakeFirstOrThrow();
  await m.db
    .insertInto('device_log')
    .values([1, 2, 3].map((i) => ({ device: w.deviceId, timestamp: new Date(1_700_000_000_000 + i), message: `line ${i}` })))
    .execute();
  return device.uuid;
}

const cases: FleetCase[] = [
  {
    name: 'DELETE /device/v2/:uuid/logs',
    allowed: SAFE_DEVELOPERS,
    async run(who: Who, w: FleetWorld) {
      const uuid = await seedLines(w);
      const res = await m.call(who, w, 'DELETE', `/device/v2/${uuid}/logs`);
      return { res, effect: (await m.count('device_log', { device: w.deviceId })) === 0 };
    },
  },
  {
    name: 'GET /device/v2/:uuid/logs',
    // Readers of the device: fleet roles, support access on the fleet, platform admins, and the
    // device itself; not the provisioning key (every device of the fleet holds it).
    allowed: [...FLEET_READERS, 'device-key'],
    async run(who: Who, w: FleetWorld) {
      const uuid = await seedLines(w);
      const res = await m.call(who, w, 'GET', `/device/v2/${uuid}/logs`);
      return { res, effect: res.statusCode === 200 && (res.json() as unknown[]).length === 3 };
    },
  },
  {
    name: 'GET /device/v2/fleet/:fleetId/logs',
    allowed: FLEET_READERS,
    async run(who: Who, w: FleetWorld) {
      await seedLines(w);
      const res = await m.call(who, w, 'GET', `/device/v2/fleet/${w.fleetId}/logs`);
      return { res, effect: res.statusCode === 200 && (res.json() as unknown[]).length === 3 };
    },
  },
];

describe('the permission the spec names', () => {
  it('is held by safe-developer, developer and administrator only', () => {
    expect([...rolesWithPermission('resin.device_log.delete')].sort()).toEqual(['administrator', 'developer', 'safe-developer']);
  });
});

describeFleetMatrix(m, cases);

describe('user API keys act as their user', () => {
  it('a safe-developer’s API key clears, an observer’s and an operator’s are refused with 403', async () => {
    const fleet = await createFleetWithProvisioningKey(m.db);
    const device = await registerDevice(m.ctx.app, fleet);
    await m.db.insertInto('device_log').values({ device: device.id, timestamp: new Date(), message: 'x' }).execute();
    for (const role of ['observer', 'operator']) {
      const { apiKey } = await createUserWithKey(m.db, fleet.applicationId, role);
      const res = await m.ctx.app.inject({ method: 'DELETE', url: `/device/v2/${device.uuid}/logs`, headers: { authorization: `Bearer ${apiKey}` } });
      expect(res.statusCode, role).toBe(403);
    }
    expect(await m.count('device_log', { device: device.id })).toBe(1);
    const { apiKey } = await createUserWithKey(m.db, fleet.applicationId, 'safe-developer');
    const res = await m.ctx.app.inject({ method: 'DELETE', url: `/device/v2/${device.uuid}/logs`, headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.statusCode).toBe(204);
    expect(await m.count('device_log', { device: device.id })).toBe(0);
  });
});
