import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, newDeviceUuid, type TestFleetWithKey } from './device-test-factories.ts';

/**
 * Registering (compat §5.2) as a private device type: only into a fleet whose organization has
 * access to it; otherwise the answer is that of a type that does not exist.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const register = (fleet: TestFleetWithKey, deviceType: string) =>
  ctx.app.inject({ method: 'POST', url: '/device/register', headers: { authorization: `Bearer ${fleet.provisioningKey}` }, payload: { uuid: newDeviceUuid(), device_type: deviceType } });

describe('registering as a private device type', () => {
  it('is refused as an unknown type outside the organizations with access, and works inside them', async () => {
    const db = ctx.database.db;
    const fleet = await createFleetWithProvisioningKey(db);
    const arch = await db
      .selectFrom('device_type as dt')
      .innerJoin('application as a', 'a.is_for__device_type', 'dt.id')
      .select('dt.is_of__cpu_architecture as arch')
      .where('a.id', '=', fleet.applicationId)
      .executeTakeFirstOrThrow();
    const slug = `secret-board-${randomBytes(3).toString('hex')}`;
    const type = await db.insertInto('device_type').values({ slug, name: 'Secret board', is_private: true, is_of__cpu_architecture: arch.arch }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('device_type_alias').values({ device_type: type.id, is_referenced_by__alias: slug }).execute();

    const secret = await register(fleet, slug);
    const unknown = await register(fleet, `no-such-board-${randomBytes(3).toString('hex')}`);
    expect(secret.statusCode).toBe(400);
    expect(secret.json().error).toBe(unknown.json().error.replace(/no-such-board-\w+/, slug));

    await db.insertInto('organization__has_private_access_to__device_type').values({ organization: fleet.organizationId, has_private_access_to__device_type: type.id }).execute();
    expect((await register(fleet, slug)).statusCode).toBe(201);
  });
});
