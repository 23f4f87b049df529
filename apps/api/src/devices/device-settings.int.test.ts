import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../model/access/test-world.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';

/**
 * The writes of the device settings page (fleets spec §2 "Device action pages" settings, §5
 * "Move", §6 "Device actions"), checked where the page only hides or disables: moving needs
 * resin.device.move on the device's fleet AND on the target — developer, safe-developer or
 * operator access directly, via a team, or as organization administrator — and a target of a
 * compatible CPU architecture; deactivating needs resin.application.deactivate-device, which a
 * limited operator (who may otherwise update the device) does not hold.
 */
let ctx: TestContext;
const fresh = () => randomBytes(4).toString('hex');
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => ctx?.close());

const idOf = async (table: 'device_type' | 'application_type' | 'application_membership_role' | 'organization_membership_role', column: 'slug' | 'name', value: string) =>
  (await db().selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id as number;

async function newOrg(): Promise<number> {
  const s = fresh();
  return (await db().insertInto('organization').values({ name: `Org ${s}`, handle: `org_${s}` }).returning('id').executeTakeFirstOrThrow()).id;
}

async function newFleet(orgId: number, deviceType = 'raspberrypi4-64'): Promise<number> {
  const s = fresh();
  const actor = (await db().insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id;
  const fleet = await db()
    .insertInto('application')
    .values({
      actor,
      app_name: `fleet${s}`,
      slug: `org/fleet${s}`,
      uuid: randomBytes(16).toString('hex'),
      organization: orgId,
      is_for__device_type: await idOf('device_type', 'slug', deviceType),
      application_type: await idOf('application_type', 'slug', 'microservices'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return fleet.id;
}

async function newDevice(fleetId: number, deviceType = 'raspberrypi4-64'): Promise<number> {
  const actor = (await db().insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id;
  const device = await db()
    .insertInto('device')
    .values({ actor, uuid: randomBytes(16).toString('hex'), device_name: 'd', belongs_to__application: fleetId, is_of__device_type: await idOf('device_type', 'slug', deviceType) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return device.id;
}

async function joinOrg(user: SignedUp, orgId: number, role: 'member' | 'administrator') {
  await db()
    .insertInto('organization_membership')
    .values({ user: user.userId, is_member_of__organization: orgId, organization_membership_role: await idOf('organization_membership_role', 'name', role) })
    .execute();
}

async function fleetRole(user: SignedUp, fleetId: number, role: string) {
  await db()
    .insertInto('user_application_membership')
    .values({ user: user.userId, is_member_of__application: fleetId, application_membership_role: await idOf('application_membership_role', 'name', role) })
    .execute();
}

async function teamRole(user: SignedUp, orgId: number, fleetId: number, role: string) {
  const team = await db().insertInto('team').values({ name: `team${fresh()}`, belongs_to__organization: orgId }).returning('id').executeTakeFirstOrThrow();
  await db().insertInto('team_membership').values({ user: user.userId, is_member_of__team: team.id }).execute();
  await db()
    .insertInto('team_application_access')
    .values({ team: team.id, grants_access_to__application: fleetId, application_membership_role: await idOf('application_membership_role', 'name', role) })
    .execute();
}

const patchDevice = (user: SignedUp, deviceId: number, body: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/v7/device(${deviceId})`, payload: body, headers: { authorization: `Bearer ${user.token}` } });
const deviceRow = (id: number) => db().selectFrom('device').select(['belongs_to__application', 'is_active']).where('id', '=', id).executeTakeFirstOrThrow();

/** An organization member who operates fleet `from` (and holds `target` on fleet `to`, if given). */
async function moveWorld(target?: { role: string; via: 'membership' | 'team' }) {
  const orgId = await newOrg();
  const from = await newFleet(orgId);
  const to = await newFleet(orgId);
  const deviceId = await newDevice(from);
  const user = await signUp(ctx, 'mover');
  await joinOrg(user, orgId, 'member');
  await fleetRole(user, from, 'operator');
  if (target?.via === 'membership') await fleetRole(user, to, target.role);
  if (target?.via === 'team') await teamRole(user, orgId, to, target.role);
  return { orgId, from, to, deviceId, user };
}

describe('moving a device (fleets spec §5 "Move")', () => {
  it.each([
    ['developer', 'membership'],
    ['safe-developer', 'membership'],
    ['operator', 'membership'],
    ['developer', 'team'],
    ['operator', 'team'],
  ] as const)('moves when the target fleet grants %s access through a %s', async (role, via) => {
    const w = await moveWorld({ role, via });
    const res = await patchDevice(w.user, w.deviceId, { belongs_to__application: w.to });
    expect(res.statusCode, res.body).toBe(200);
    expect((await deviceRow(w.deviceId)).belongs_to__application).toBe(w.to);
  });

  it.each([
    ['observer', 'membership'],
    ['safe-operator', 'membership'],
    ['observer', 'team'],
  ] as const)('refuses when the target fleet grants only %s access through a %s', async (role, via) => {
    const w = await moveWorld({ role, via });
    const res = await patchDevice(w.user, w.deviceId, { belongs_to__application: w.to });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await deviceRow(w.deviceId)).belongs_to__application).toBe(w.from);
  });

  it('refuses a target fleet the user holds no role on, and answers as for a missing fleet', async () => {
    const w = await moveWorld();
    const res = await patchDevice(w.user, w.deviceId, { belongs_to__application: w.to });
    const missing = await patchDevice(w.user, w.deviceId, { belongs_to__application: 2_000_000_000 });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBe(missing.statusCode);
    expect((await deviceRow(w.deviceId)).belongs_to__application).toBe(w.from);
  });

  it("lets the organization's administrator move into any of its fleets", async () => {
    const w = await moveWorld();
    const admin = await signUp(ctx, 'org-admin');
    await joinOrg(admin, w.orgId, 'administrator');
    const res = await patchDevice(admin, w.deviceId, { belongs_to__application: w.to });
    expect(res.statusCode, res.body).toBe(200);
    expect((await deviceRow(w.deviceId)).belongs_to__application).toBe(w.to);
  });

  it('refuses a target fleet of an incompatible architecture even to a developer there', async () => {
    const w = await moveWorld();
    const nuc = await newFleet(w.orgId, 'intel-nuc');
    await fleetRole(w.user, nuc, 'developer');
    const res = await patchDevice(w.user, w.deviceId, { belongs_to__application: nuc });
    expect(res.statusCode).toBe(400);
    expect((await deviceRow(w.deviceId)).belongs_to__application).toBe(w.from);
  });

  it('refuses a move out of a fleet where the user lacks resin.device.move (a limited operator)', async () => {
    const orgId = await newOrg();
    const from = await newFleet(orgId);
    const to = await newFleet(orgId);
    const deviceId = await newDevice(from);
    const user = await signUp(ctx, 'limited');
    await joinOrg(user, orgId, 'member');
    await fleetRole(user, from, 'safe-operator');
    await fleetRole(user, to, 'developer');
    expect((await patchDevice(user, deviceId, { belongs_to__application: to })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await deviceRow(deviceId)).belongs_to__application).toBe(from);
  });
});

/**
 * Several devices at once (the device list's batch move and pin; fleets spec §5 "Move" for
 * several devices): the dashboard sends one PATCH per device, the SDK's move(ids) and
 * pinToRelease(ids) one filtered PATCH. Either way no device goes where its architecture cannot
 * run, and a caller without the permission on the devices' fleet moves and pins none of them.
 */
describe('moving and pinning several devices', () => {
  const patchMany = (user: SignedUp, ids: number[], body: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/v7/device?$filter=id%20in%20(${ids.join(',')})`, payload: body, headers: { authorization: `Bearer ${user.token}` } });
  const fleetsOf = async (ids: number[]) =>
    (await db().selectFrom('device').select(['id', 'belongs_to__application', 'is_pinned_on__release']).where('id', 'in', ids).orderBy('id').execute()).map((d) => [d.belongs_to__application, d.is_pinned_on__release]);

  /** An armv7hf fleet (Raspberry Pi 3) holding a Raspberry Pi 4 and a Raspberry Pi 3, a developer there and on the targets. */
  async function mixedWorld() {
    const orgId = await newOrg();
    const from = await newFleet(orgId, 'raspberrypi3');
    const pi4Fleet = await newFleet(orgId, 'raspberrypi4-64');
    const pi3Fleet = await newFleet(orgId, 'raspberrypi3');
    const ids = [await newDevice(from, 'raspberrypi4-64'), await newDevice(from, 'raspberrypi3')];
    const user = await signUp(ctx, 'batch-mover');
    await joinOrg(user, orgId, 'member');
    for (const fleet of [from, pi4Fleet, pi3Fleet]) await fleetRole(user, fleet, 'developer');
    return { orgId, from, pi4Fleet, pi3Fleet, ids, user };
  }

  it('moves every device into a fleet all of them can run, one PATCH each or one filtered PATCH', async () => {
    const w = await mixedWorld();
    for (const id of w.ids) expect((await patchDevice(w.user, id, { belongs_to__application: w.pi3Fleet })).statusCode).toBe(200);
    expect(await fleetsOf(w.ids)).toEqual([[w.pi3Fleet, null], [w.pi3Fleet, null]]);
    const res = await patchMany(w.user, w.ids, { belongs_to__application: w.from });
    expect(res.statusCode, res.body).toBe(200);
    expect(await fleetsOf(w.ids)).toEqual([[w.from, null], [w.from, null]]);
  });

  it('moves none of them into a fleet one cannot run (aarch64: not the Raspberry Pi 3)', async () => {
    const w = await mixedWorld();
    const res = await patchMany(w.user, w.ids, { belongs_to__application: w.pi4Fleet });
    expect(res.statusCode).toBe(400);
    expect(await fleetsOf(w.ids)).toEqual([[w.from, null], [w.from, null]]);
    // One PATCH per device: the one that can run it moves, the other is refused.
    expect((await patchDevice(w.user, w.ids[0]!, { belongs_to__application: w.pi4Fleet })).statusCode).toBe(200);
    expect((await patchDevice(w.user, w.ids[1]!, { belongs_to__application: w.pi4Fleet })).statusCode).toBe(400);
    expect(await fleetsOf(w.ids)).toEqual([[w.pi4Fleet, null], [w.from, null]]);
  });

  it("lets an observer of the devices' fleet move and pin none of them, though a developer of the target", async () => {
    const w = await mixedWorld();
    const observer = await signUp(ctx, 'batch-observer');
    await joinOrg(observer, w.orgId, 'member');
    await fleetRole(observer, w.from, 'observer');
    await fleetRole(observer, w.pi3Fleet, 'developer');
    const releaseId = (
      await db().insertInto('release').values({ belongs_to__application: w.from, commit: randomBytes(16).toString('hex'), status: 'success' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    expect((await patchMany(observer, w.ids, { belongs_to__application: w.pi3Fleet })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await patchMany(observer, w.ids, { is_pinned_on__release: releaseId })).statusCode).toBeGreaterThanOrEqual(400);
    for (const id of w.ids) {
      expect((await patchDevice(observer, id, { belongs_to__application: w.pi3Fleet })).statusCode).toBeGreaterThanOrEqual(400);
      expect((await patchDevice(observer, id, { is_pinned_on__release: releaseId })).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await fleetsOf(w.ids)).toEqual([[w.from, null], [w.from, null]]);
    // The developer of both fleets pins them with the same filtered PATCH.
    expect((await patchMany(w.user, w.ids, { is_pinned_on__release: releaseId })).statusCode).toBe(200);
    expect(await fleetsOf(w.ids)).toEqual([[w.from, releaseId], [w.from, releaseId]]);
  });
});

describe('deactivating a device (fleets spec §6 "Device actions": application deactivate-device)', () => {
  it.each([
    ['operator', true],
    ['developer', true],
    ['safe-operator', false],
    ['observer', false],
  ] as const)('%s: deactivates = %s', async (role, isAllowed) => {
    const orgId = await newOrg();
    // Deactivation needs a paid plan and an offline device (device-rules.int.test.ts); the new device has never connected.
    const plan = await db().selectFrom('plan').select('id').where('billing_code', '=', 'pilot-v2').executeTakeFirstOrThrow();
    await db().insertInto('subscription').values({ is_for__organization: orgId, is_for__plan: plan.id, is_active: true }).execute();
    const fleetId = await newFleet(orgId);
    const deviceId = await newDevice(fleetId);
    const user = await signUp(ctx, 'deactivator');
    await joinOrg(user, orgId, 'member');
    await fleetRole(user, fleetId, role);
    const res = await patchDevice(user, deviceId, { is_active: false });
    expect((await deviceRow(deviceId)).is_active).toBe(!isAllowed);
    if (isAllowed) expect(res.statusCode, res.body).toBe(200);
    else expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
});
