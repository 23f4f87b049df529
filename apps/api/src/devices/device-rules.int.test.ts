import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ACTION_ERRORS, PIN_NEEDS_SUCCESSFUL_RELEASE } from '@flotilla/core/device-action-errors';
import { makeWorld, signUp, type SignedUp, type World } from '../model/access/test-world.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { MSG_DEVICE_NAME_REQUIRED, MSG_DEVICE_NAME_TOO_LONG } from '@flotilla/core/device-name';

/**
 * What the device settings page disables, refused by the API as well (fleets spec §4 "Device
 * toggles", §5 "Device actions: availability", §8 "Device action errors"; compat §6.1 pins):
 * deactivation needs a paid plan and an active, offline device; local mode on needs a device that
 * supports it; a pin needs a successful release of the device's fleet. Each rule answers only
 * callers who may make the write: an outsider gets the answer for a missing device.
 */
let ctx: TestContext;
let owner: World;
let outsider: SignedUp;
const db = () => ctx.database.db;
const MISSING = 2_000_000_000;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await makeWorld(ctx, 'rules');
  outsider = await signUp(ctx, 'rules-outsider');
}, 60_000);
afterAll(async () => ctx?.close());

const call = (token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** A new device in the owner's fleet, as its supervisor would have reported it. */
async function newDevice(fields: { is_connected_to_vpn?: boolean; os_variant?: string; last_connectivity_event?: string | null } = {}): Promise<number> {
  const actor = (await db().insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id;
  const row = await db()
    .insertInto('device')
    .values({
      actor,
      uuid: randomBytes(16).toString('hex'),
      device_name: 'd',
      belongs_to__application: owner.fleetId,
      is_of__device_type: owner.deviceTypeId,
      os_version: 'balenaOS 6.0.0',
      os_variant: fields.os_variant ?? 'prod',
      supervisor_version: '17.0.0',
      last_connectivity_event: fields.last_connectivity_event === undefined ? new Date().toISOString() : fields.last_connectivity_event,
      is_connected_to_vpn: fields.is_connected_to_vpn ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's organization subscribes to a plan (billing changes go through the billing service, not OData). */
async function subscribe(billingCode: string): Promise<void> {
  const plan = await db().selectFrom('plan').select('id').where('billing_code', '=', billingCode).executeTakeFirstOrThrow();
  await db().updateTable('subscription').set({ is_active: false }).where('is_for__organization', '=', owner.orgId).execute();
  await db().insertInto('subscription').values({ is_for__organization: owner.orgId, is_for__plan: plan.id, is_active: true }).execute();
}

const isActive = async (id: number) => (await db().selectFrom('device').select('is_active').where('id', '=', id).executeTakeFirstOrThrow()).is_active;

describe('device names', () => {
  it('are at most 255 characters, on a rename and on create; a blank one is refused', async () => {
    const id = await newDevice();
    expect((await call(owner.token, 'PATCH', `/v7/device(${id})`, { device_name: 'x'.repeat(255) })).statusCode).toBe(200);
    const long = await call(owner.token, 'PATCH', `/v7/device(${id})`, { device_name: 'y'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: MSG_DEVICE_NAME_TOO_LONG });
    expect((await db().selectFrom('device').select('device_name').where('id', '=', id).executeTakeFirstOrThrow()).device_name).toBe('x'.repeat(255));
    expect((await call(owner.token, 'PATCH', `/v7/device(${id})`, { device_name: '  ' })).json()).toEqual({ error: MSG_DEVICE_NAME_REQUIRED });
  });
});

describe('deactivating a device (§5: a paid plan and an active, offline device)', () => {
  it('refuses on a free plan, with or without a free subscription', async () => {
    const id = await newDevice();
    await db().updateTable('subscription').set({ is_active: false }).where('is_for__organization', '=', owner.orgId).execute();
    const none = await call(owner.token, 'PATCH', `/v7/device(${id})`, { is_active: false });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: DEVICE_ACTION_ERRORS.upgradePlan, code: 'upgrade_plan' });
    await subscribe('free');
    const free = await call(owner.token, 'PATCH', `/v7/device(${id})`, { is_active: false });
    expect(free.json().error).toBe(DEVICE_ACTION_ERRORS.upgradePlan);
    expect(await isActive(id)).toBe(true);
  });

  describe('on a paid plan', () => {
    beforeAll(async () => subscribe('pilot-v2'));

    it('deactivates an active, offline device, and refuses it once inactive', async () => {
      const id = await newDevice();
      const res = await call(owner.token, 'PATCH', `/v7/device(${id})`, { is_active: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(await isActive(id)).toBe(false);
      const again = await call(owner.token, 'PATCH', `/v7/device(${id})`, { is_active: false });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(DEVICE_ACTION_ERRORS.alreadyInactive);
    });

    it('refuses a device whose link is up (it must be offline)', async () => {
      const id = await newDevice({ is_connected_to_vpn: true });
      const res = await call(owner.token, 'PATCH', `/v7/device(${id})`, { is_active: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(DEVICE_ACTION_ERRORS.mustBeOffline);
      expect(await isActive(id)).toBe(true);
    });

    it('refuses a batch (the SDK filters by id) as a whole when one device is online', async () => {
      const offline = await newDevice();
      const online = await newDevice({ is_connected_to_vpn: true });
      const res = await call(owner.token, 'PATCH', `/v7/device?$filter=id%20in%20(${offline},${online})`, { is_active: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(DEVICE_ACTION_ERRORS.mustBeOffline);
      expect([await isActive(offline), await isActive(online)]).toEqual([true, true]);
    });
  });

  it('re-activates an inactive device whatever the plan (no condition in the spec; the permission still applies)', async () => {
    await subscribe('free');
    const id = await newDevice({ is_connected_to_vpn: true });
    await db().updateTable('device').set({ is_active: false }).where('id', '=', id).execute();
    const res = await call(owner.token, 'PATCH', `/v7/device(${id})`, { is_active: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await isActive(id)).toBe(true);
  });

  it('answers an outsider as for a missing device, never with the rule', async () => {
    await subscribe('free');
    const id = await newDevice({ is_connected_to_vpn: true });
    const theirs = await call(outsider.token, 'PATCH', `/v7/device(${id})`, { is_active: false });
    const missing = await call(outsider.token, 'PATCH', `/v7/device(${MISSING})`, { is_active: false });
    expect(theirs.statusCode).toBe(404);
    expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
  });

  it('answers an observer, who may read but not deactivate, with the permission refusal, not the rule', async () => {
    await subscribe('free');
    const id = await newDevice({ is_connected_to_vpn: true });
    const observer = await signUp(ctx, 'rules-observer');
    const role = async (table: 'organization_membership_role' | 'application_membership_role', name: string) =>
      (await db().selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    await db().insertInto('organization_membership').values({ user: observer.userId, is_member_of__organization: owner.orgId, organization_membership_role: await role('organization_membership_role', 'member') }).execute();
    await db().insertInto('user_application_membership').values({ user: observer.userId, is_member_of__application: owner.fleetId, application_membership_role: await role('application_membership_role', 'observer') }).execute();
    const res = await call(observer.token, 'PATCH', `/v7/device(${id})`, { is_active: false });
    expect(res.statusCode).toBe(401);
    expect(Object.values(DEVICE_ACTION_ERRORS)).not.toContain(res.json().error);
  });
});

describe('local mode (§5: OS not 1.x, supervisor 4+, development variant, provisioned)', () => {
  const localMode = (device: number, value: string, name = 'BALENA_SUPERVISOR_LOCAL_MODE') => call(owner.token, 'POST', '/v7/device_config_variable', { device, name, value });

  it('turns on for a provisioned development device', async () => {
    const id = await newDevice({ os_variant: 'dev' });
    const res = await localMode(id, '1');
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each(['BALENA_SUPERVISOR_LOCAL_MODE', 'RESIN_SUPERVISOR_LOCAL_MODE'])('refuses %s = 1 on a production device', async (name) => {
    const id = await newDevice();
    const res = await localMode(id, '1', name);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: DEVICE_ACTION_ERRORS.localModeUnsupported, code: 'local_mode_unsupported' });
    expect(await db().selectFrom('device_config_variable').select('id').where('device', '=', id).execute()).toEqual([]);
  });

  it('refuses a development device that has never been heard from (not provisioned)', async () => {
    const id = await newDevice({ os_variant: 'dev', last_connectivity_event: null });
    expect((await localMode(id, ' 1 ')).json().error).toBe(DEVICE_ACTION_ERRORS.localModeUnsupported);
  });

  it('always lets it be turned off; refuses turning it on by PATCH, by upsert filter or by renaming another variable', async () => {
    const id = await newDevice();
    const off = await localMode(id, '0');
    expect(off.statusCode, off.body).toBe(201);
    const varId = off.json().id as number;
    const byKey = await call(owner.token, 'PATCH', `/v7/device_config_variable(${varId})`, { value: '1' });
    expect(byKey.statusCode).toBe(400);
    expect(byKey.json().error).toBe(DEVICE_ACTION_ERRORS.localModeUnsupported);
    const byFilter = await call(owner.token, 'PATCH', `/v7/device_config_variable?$filter=device%20eq%20${id}%20and%20name%20eq%20'BALENA_SUPERVISOR_LOCAL_MODE'`, { value: '1' });
    expect(byFilter.statusCode).toBe(400);
    const other = await call(owner.token, 'POST', '/v7/device_config_variable', { device: id, name: 'BALENA_SUPERVISOR_DELTA', value: '1' });
    expect(other.statusCode, other.body).toBe(201);
    const renamed = await call(owner.token, 'PATCH', `/v7/device_config_variable(${other.json().id})`, { name: 'RESIN_SUPERVISOR_LOCAL_MODE' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toBe(DEVICE_ACTION_ERRORS.localModeUnsupported);
    expect((await db().selectFrom('device_config_variable').select('value').where('id', '=', varId).executeTakeFirstOrThrow()).value).toBe('0');
    expect((await call(owner.token, 'DELETE', `/v7/device_config_variable(${varId})`)).statusCode).toBe(200);
  });

  it("lets the device's own supervisor report its configuration", async () => {
    // The world's device key belongs to owner.deviceId, a production device with no OS reported.
    const res = await call(owner.deviceKey, 'POST', '/v7/device_config_variable', { device: owner.deviceId, name: 'RESIN_SUPERVISOR_LOCAL_MODE', value: '1' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers an outsider as for a missing device, never with the rule', async () => {
    const id = await newDevice();
    const body = (device: number) => ({ device, name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' });
    const theirs = await call(outsider.token, 'POST', '/v7/device_config_variable', body(id));
    const missing = await call(outsider.token, 'POST', '/v7/device_config_variable', body(MISSING));
    expect(theirs.statusCode).toBeGreaterThanOrEqual(400);
    expect(theirs.json().error).not.toBe(DEVICE_ACTION_ERRORS.localModeUnsupported);
    expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
  });
});

describe('pinning a device (compat §6.1: a successful release of its own fleet)', () => {
  async function release(fields: { status?: string; is_invalidated?: boolean; is_final?: boolean } = {}): Promise<number> {
    const row = await db()
      .insertInto('release')
      .values({ belongs_to__application: owner.fleetId, commit: randomBytes(16).toString('hex'), status: fields.status ?? 'success', is_invalidated: fields.is_invalidated ?? false, is_final: fields.is_final ?? true })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const pin = (token: string, device: number, releaseId: number) => call(token, 'PATCH', `/v7/device(${device})`, { is_pinned_on__release: releaseId });
  const pinned = async (id: number) => (await db().selectFrom('device').select('is_pinned_on__release').where('id', '=', id).executeTakeFirstOrThrow()).is_pinned_on__release;

  it.each([
    ['a final, valid', {}],
    ['an invalidated (open-balena allows it; the device keeps what it was told)', { is_invalidated: true }],
    ['a draft (pinned for testing)', { is_final: false }],
  ] as const)('pins %s successful release', async (_what, fields) => {
    const id = await newDevice();
    const releaseId = await release(fields);
    const res = await pin(owner.token, id, releaseId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pinned(id)).toBe(releaseId);
  });

  it.each(['running', 'failed', 'error', 'cancelled', 'interrupted'])('refuses a %s release', async (status) => {
    const id = await newDevice();
    const res = await pin(owner.token, id, await release({ status }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PIN_NEEDS_SUCCESSFUL_RELEASE);
    expect(await pinned(id)).toBeNull();
  });

  it('answers an outsider as for a missing device, never with the rule', async () => {
    const id = await newDevice();
    const failed = await release({ status: 'failed' });
    const theirs = await pin(outsider.token, id, failed);
    const missing = await pin(outsider.token, MISSING, failed);
    expect(theirs.statusCode).toBe(404);
    expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
  });
});
