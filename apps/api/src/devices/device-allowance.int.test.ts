// Devices provisioned beyond the free allowance are frozen (fleets spec §4 "Device toggles";
// accounts spec §9 "Free plan: first 10 devices free"), counted across the organization's fleets,
// without a race between registrations; a paid plan freezes none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DEVICE_ALLOWANCE } from '@flotilla/core/device-allowance';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey, newDeviceUuid, type TestFleetWithKey } from './device-test-factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function register(fleet: TestFleetWithKey): Promise<string> {
  const uuid = newDeviceUuid();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/device/register',
    headers: { authorization: `Bearer ${fleet.provisioningKey}` },
    payload: { uuid, device_type: 'raspberrypi4-64' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return uuid;
}

const frozenOf = async (uuids: string[]) =>
  (await ctx.database.db.selectFrom('device').select(['uuid', 'is_frozen']).where('uuid', 'in', uuids).execute()).filter((d) => d.is_frozen).map((d) => d.uuid);

describe('the free device allowance at provisioning', () => {
  it('freezes the devices an organization on the free plan provisions beyond its allowance, even when they register at once', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const first = await Promise.all(Array.from({ length: FREE_DEVICE_ALLOWANCE - 2 }, () => register(fleet)));
    expect(await frozenOf(first)).toEqual([]);
    // The organization's other fleet counts towards the same allowance; four register together for the last two places.
    const other = await createFleetWithProvisioningKey(ctx.database.db);
    await ctx.database.db.updateTable('application').set({ organization: fleet.organizationId }).where('id', '=', other.applicationId).execute();
    const racing = await Promise.all(Array.from({ length: 4 }, () => register(other)));
    expect((await frozenOf(racing)).length).toBe(2);
    // An inactive device frees its place.
    const [gone] = first;
    await ctx.database.db.updateTable('device').set({ is_active: false }).where('uuid', '=', gone!).execute();
    expect(await frozenOf([await register(fleet)])).toEqual([]);
  });

  it('freezes a device created through POST /v7/device beyond the allowance, as at registration', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    await Promise.all(Array.from({ length: FREE_DEVICE_ALLOWANCE }, () => register(fleet)));
    const { apiKey } = await createUserWithKey(ctx.database.db, fleet.applicationId, 'developer');
    const deviceType = await ctx.database.db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow();
    const uuid = newDeviceUuid();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v7/device',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { belongs_to__application: fleet.applicationId, is_of__device_type: deviceType.id, uuid },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await frozenOf([uuid])).toEqual([uuid]);
  });

  it('freezes none on a paid plan', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const plan = await ctx.database.db.selectFrom('plan').select('id').where('billing_code', '=', 'pilot-v2').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('subscription').values({ is_for__organization: fleet.organizationId, is_for__plan: plan.id, is_active: true }).execute();
    const uuids = await Promise.all(Array.from({ length: FREE_DEVICE_ALLOWANCE + 2 }, () => register(fleet)));
    expect(await frozenOf(uuids)).toEqual([]);
  });
});
