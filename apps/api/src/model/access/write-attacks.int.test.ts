import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { fresh, makeWorld, signUp, type World } from './test-world.ts';

/**
 * The attacks of issue 8 "What was seen", replayed against the running API on a real
 * database: organization takeover, a device moving itself, cross-owner references, and
 * rejections that would tell an outsider which names exist.
 */
let ctx: TestContext;
let me: World;
let them: World;

beforeAll(async () => {
  ctx = await createTestApp();
  me = await makeWorld(ctx, 'me');
  them = await makeWorld(ctx, 'them');
}, 120_000);
afterAll(async () => ctx?.close());

const call = (credential: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object | undefined, headers: { authorization: `Bearer ${credential}` } });
const db = () => ctx.database.db;

async function adminRole(): Promise<number> {
  return (await db().selectFrom('organization_membership_role').select('id').where('name', '=', 'administrator').executeTakeFirstOrThrow()).id as number;
}

async function isAdminOf(userId: number, orgId: number): Promise<boolean> {
  const row = await db()
    .selectFrom('organization_membership as m')
    .innerJoin('organization_membership_role as r', 'r.id', 'm.organization_membership_role')
    .select('r.name')
    .where('m.user', '=', userId)
    .where('m.is_member_of__organization', '=', orgId)
    .executeTakeFirst();
  return row?.name === 'administrator';
}

describe('organization takeover', () => {
  it('an outsider cannot make themselves administrator of somebody else’s organization', async () => {
    const res = await call(me.token, 'POST', '/v7/organization_membership', { user: me.userId, is_member_of__organization: them.orgId, organization_membership_role: await adminRole() });
    expect(res.statusCode, res.body).toBe(401);
    expect(await isAdminOf(me.userId, them.orgId)).toBe(false);
  });

  it('a plain member who leaves cannot post themselves back as administrator', async () => {
    const member = await signUp(ctx, 'member');
    await db().insertInto('organization_membership').values({ user: member.userId, is_member_of__organization: them.orgId, organization_membership_role: them.orgMemberRoleId }).execute();
    const own = await db().selectFrom('organization_membership').select('id').where('user', '=', member.userId).where('is_member_of__organization', '=', them.orgId).executeTakeFirstOrThrow();
    expect((await call(member.token, 'DELETE', `/v7/organization_membership(${own.id})`)).statusCode).toBe(200);
    const back = await call(member.token, 'POST', '/v7/organization_membership', { user: member.userId, is_member_of__organization: them.orgId, organization_membership_role: await adminRole() });
    expect(back.statusCode, back.body).toBe(401);
    expect(await isAdminOf(member.userId, them.orgId)).toBe(false);
  });

  it('a plain member cannot promote their own membership', async () => {
    const member = await signUp(ctx, 'promoter');
    const row = await db()
      .insertInto('organization_membership')
      .values({ user: member.userId, is_member_of__organization: them.orgId, organization_membership_role: them.orgMemberRoleId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call(member.token, 'PATCH', `/v7/organization_membership(${row.id})`, { organization_membership_role: await adminRole() });
    expect(res.statusCode, res.body).toBe(401);
    expect(await isAdminOf(member.userId, them.orgId)).toBe(false);
  });
});

describe('a device moving into another owner’s fleet', () => {
  it('is refused to the device key, which then still reads nothing of that fleet', async () => {
    const res = await call(me.deviceKey, 'PATCH', `/v7/device(${me.deviceId})`, { belongs_to__application: them.fleetId });
    expect(res.statusCode, res.body).toBe(403);
    const row = await db().selectFrom('device').select('belongs_to__application').where('id', '=', me.deviceId).executeTakeFirstOrThrow();
    expect(row.belongs_to__application).toBe(me.fleetId);
    const vars = await call(me.deviceKey, 'GET', `/v7/application_environment_variable?$filter=application eq ${them.fleetId}`);
    expect(vars.json()).toEqual({ d: [] });
    const state = await call(me.deviceKey, 'GET', `/v7/application(${them.fleetId})`);
    expect(state.json()).toEqual({ d: [] });
  });

  it('is refused to a user who administers only the device’s fleet (the update rule on the row as it would become), the same for a fleet id that does not exist', async () => {
    const other = await call(me.token, 'PATCH', `/v7/device(${me.deviceId})`, { belongs_to__application: them.fleetId });
    const missing = await call(me.token, 'PATCH', `/v7/device(${me.deviceId})`, { belongs_to__application: 2_000_000_000 });
    expect(other.statusCode, other.body).toBe(401);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(other.json());
  });

  it('works between one’s own fleets of a compatible architecture, and not to a fleet the device cannot run', async () => {
    const makeFleet = async (slug: string) => {
      const res = await call(me.token, 'POST', '/v7/application', {
        app_name: `fleet${fresh()}`,
        organization: me.orgId,
        is_for__device_type: (await db().selectFrom('device_type').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const armv7 = await makeFleet('raspberrypi3');
    const amd64 = await makeFleet('intel-nuc');
    // raspberrypi4-64 is aarch64: it runs armv7hf fleets, not amd64 ones.
    expect((await call(me.token, 'PATCH', `/v7/device(${me.deviceId})`, { belongs_to__application: armv7 })).statusCode).toBe(200);
    const incompatible = await call(me.token, 'PATCH', `/v7/device(${me.deviceId})`, { belongs_to__application: amd64 });
    expect(incompatible.statusCode, incompatible.body).toBe(400);
    expect(incompatible.json().error).toMatch(/architecture/);
    expect((await call(me.token, 'PATCH', `/v7/device(${me.deviceId})`, { belongs_to__application: me.fleetId })).statusCode).toBe(200);
  });
});

describe('references across owners', () => {
  it.each(['is_pinned_on__release', 'should_be_operated_by__release', 'should_be_managed_by__release'])('a device cannot get %s from another owner’s fleet', async (field) => {
    const res = await call(me.token, 'PATCH', `/v7/device(${me.deviceId})`, { [field]: them.releaseId });
    expect(res.statusCode, res.body).toBe(403);
    const row = await db().selectFrom('device').select(field as 'id').where('id', '=', me.deviceId).executeTakeFirstOrThrow();
    expect(row[field as 'id']).toBeNull();
  });

  it('a device can only be pinned to a release of its own fleet, even among the caller’s own fleets', async () => {
    const fleet = await call(me.token, 'POST', '/v7/application', { app_name: `fleet${fresh()}`, organization: me.orgId, is_for__device_type: me.deviceTypeId });
    const release = await call(me.token, 'POST', '/v7/release', { belongs_to__application: fleet.json().id, commit: fresh() + fresh(), status: 'success' });
    expect(release.statusCode, release.body).toBe(201);
    const res = await call(me.token, 'PATCH', `/v7/device(${me.deviceId})`, { is_pinned_on__release: release.json().id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The release does not belong to this fleet');
    expect((await call(me.token, 'PATCH', `/v7/device(${me.deviceId})`, { is_pinned_on__release: me.releaseId })).statusCode).toBe(200);
  });

  it('a new fleet cannot start on another owner’s release, nor on any release (it has none yet)', async () => {
    const body = { app_name: `fleet${fresh()}`, organization: me.orgId, is_for__device_type: me.deviceTypeId };
    expect((await call(me.token, 'POST', '/v7/application', { ...body, should_be_running__release: them.releaseId })).statusCode).toBe(403);
    expect((await call(me.token, 'POST', '/v7/application', { ...body, should_be_running__release: me.releaseId })).statusCode).toBe(400);
    expect(await db().selectFrom('application').select('id').where('app_name', '=', body.app_name).executeTakeFirst()).toBeUndefined();
  });

  it('a release, service or image keeps the fleet it was made in, even between the caller’s own fleets', async () => {
    const other = (await call(me.token, 'POST', '/v7/application', { app_name: `fleet${fresh()}`, organization: me.orgId, is_for__device_type: me.deviceTypeId })).json().id as number;
    const otherService = (await call(me.token, 'POST', '/v7/service', { application: other, service_name: `s${fresh()}` })).json().id as number;
    expect((await call(me.token, 'PATCH', `/v7/release(${me.releaseId})`, { belongs_to__application: other })).statusCode).toBe(401);
    expect((await call(me.token, 'PATCH', `/v7/service(${me.serviceId})`, { application: other })).statusCode).toBe(401);
    expect((await call(me.token, 'PATCH', `/v7/image(${me.imageId})`, { is_a_build_of__service: otherService })).statusCode).toBe(401);
    const image = await db().selectFrom('image').select('is_a_build_of__service').where('id', '=', me.imageId).executeTakeFirstOrThrow();
    expect(image.is_a_build_of__service).toBe(me.serviceId);
  });

  it('a release names only its creator as is_created_by__user', async () => {
    const body = { belongs_to__application: me.fleetId, commit: fresh() + fresh(), status: 'success' };
    // A user I can see (a colleague) and one I cannot: both refused.
    expect((await call(me.token, 'POST', '/v7/release', { ...body, is_created_by__user: me.colleagueId })).statusCode).toBe(403);
    expect((await call(me.token, 'POST', '/v7/release', { ...body, is_created_by__user: them.userId })).statusCode).toBe(403);
    const mine = await call(me.token, 'POST', '/v7/release', { ...body, is_created_by__user: me.userId });
    expect(mine.statusCode, mine.body).toBe(201);
  });
});

describe('no answer tells an outsider what exists', () => {
  const same = (a: { statusCode: number; body: string }, b: { statusCode: number; body: string }) => {
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
  };

  it('fleet names in another organization', async () => {
    const existing = (await db().selectFrom('application').select('app_name').where('id', '=', them.fleetId).executeTakeFirstOrThrow()).app_name as string;
    const taken = await call(me.token, 'POST', '/v7/application', { app_name: existing, organization: them.orgId, is_for__device_type: me.deviceTypeId });
    const free = await call(me.token, 'POST', '/v7/application', { app_name: `free${fresh()}`, organization: them.orgId, is_for__device_type: me.deviceTypeId });
    same(taken, free);
    expect(taken.statusCode).toBe(401);
  });

  it('fleet names in another organization, when transferring a fleet there', async () => {
    const existing = (await db().selectFrom('application').select('app_name').where('id', '=', them.fleetId).executeTakeFirstOrThrow()).app_name as string;
    const mine = (await call(me.token, 'POST', '/v7/application', { app_name: existing, organization: me.orgId, is_for__device_type: me.deviceTypeId })).json().id as number;
    const taken = await call(me.token, 'PATCH', `/v7/application(${mine})`, { organization: them.orgId });
    const renamed = await call(me.token, 'PATCH', `/v7/application(${me.fleetId})`, { organization: them.orgId });
    same(taken, renamed);
    expect(taken.statusCode).toBe(403);
  });

  it('variable names in another fleet', async () => {
    await db().insertInto('application_environment_variable').values({ application: them.fleetId, name: 'SECRET_TOKEN', value: 'x' }).execute();
    const taken = await call(me.token, 'POST', '/v7/application_environment_variable', { application: them.fleetId, name: 'SECRET_TOKEN', value: 'y' });
    const free = await call(me.token, 'POST', '/v7/application_environment_variable', { application: them.fleetId, name: `FREE_${fresh()}`, value: 'y' });
    same(taken, free);
  });

  it('team names and members of another organization', async () => {
    const team = (await db().selectFrom('team').select('name').where('id', '=', them.teamId).executeTakeFirstOrThrow()).name as string;
    same(
      await call(me.token, 'POST', '/v7/team', { name: team, belongs_to__organization: them.orgId }),
      await call(me.token, 'POST', '/v7/team', { name: `free ${fresh()}`, belongs_to__organization: them.orgId }),
    );
    same(
      await call(me.token, 'POST', '/v7/team_membership', { user: them.colleagueId, is_member_of__team: them.teamId }),
      await call(me.token, 'POST', '/v7/team_membership', { user: me.userId, is_member_of__team: them.teamId }),
    );
  });

  it('who belongs to another organization, through an invitation', async () => {
    const memberEmail = (await db().selectFrom('user').select('email').where('id', '=', them.colleagueId).executeTakeFirstOrThrow()).email as string;
    same(
      await call(me.token, 'POST', '/v7/organization_invite', { invitee: memberEmail, is_invited_to__organization: them.orgId }),
      await call(me.token, 'POST', '/v7/organization_invite', { invitee: `nobody${fresh()}@example.com`, is_invited_to__organization: them.orgId }),
    );
  });

  it('invitees of other organizations, by id', async () => {
    const invitee = await db().insertInto('invitee').values({ email: `secret${fresh()}@example.com` }).returning('id').executeTakeFirstOrThrow();
    const res = await call(me.token, 'POST', '/v7/organization_invite', { invitee: invitee.id, is_invited_to__organization: me.orgId });
    expect(res.statusCode).toBe(400);
    expect(await db().selectFrom('organization_invite').select('id').where('invitee', '=', invitee.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('making a fleet public is deliberate', () => {
  it('needs a repository URL, and only roles allowed to update the fleet may do it; then anyone reads it', async () => {
    const anonymous = () => ctx.app.inject({ method: 'GET', url: `/v7/application(${me.fleetId})?$select=id` });
    expect((await anonymous()).json()).toEqual({ d: [] });
    const noUrl = await call(me.token, 'PATCH', `/v7/application(${me.fleetId})`, { is_public: true });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().code).toBe('must_first_enter_repo_url');
    // A URL carrying a token would be published with the fleet.
    const withToken = await call(me.token, 'PATCH', `/v7/application(${me.fleetId})`, { is_stored_at__repository_url: 'https://bot:s3cret@github.com/example/fleet' });
    expect(withToken.json().code).toBe('invalid_repository_url');
    // An operator of the fleet may not (resin.application.update is developer and up).
    const operator = await signUp(ctx, 'operator');
    await db().insertInto('organization_membership').values({ user: operator.userId, is_member_of__organization: me.orgId, organization_membership_role: me.orgMemberRoleId }).execute();
    const operatorRole = (await db().selectFrom('application_membership_role').select('id').where('name', '=', 'operator').executeTakeFirstOrThrow()).id as number;
    await db().insertInto('user_application_membership').values({ user: operator.userId, is_member_of__application: me.fleetId, application_membership_role: operatorRole }).execute();
    const body = { is_public: true, is_stored_at__repository_url: 'https://github.com/example/fleet' };
    expect((await call(operator.token, 'PATCH', `/v7/application(${me.fleetId})`, body)).statusCode).toBe(401);
    expect((await anonymous()).json()).toEqual({ d: [] });
    expect((await call(me.token, 'PATCH', `/v7/application(${me.fleetId})`, body)).statusCode).toBe(200);
    expect((await anonymous()).json()).toEqual({ d: [{ id: me.fleetId }] });
    // Devices and variables stay private.
    expect((await ctx.app.inject({ method: 'GET', url: `/v7/device?$filter=belongs_to__application eq ${me.fleetId}` })).json()).toEqual({ d: [] });
    expect((await ctx.app.inject({ method: 'GET', url: `/v7/application_environment_variable?$filter=application eq ${me.fleetId}` })).json()).toEqual({ d: [] });
    expect((await call(me.token, 'PATCH', `/v7/application(${me.fleetId})`, { is_public: false })).statusCode).toBe(200);
  });
});
