import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LOGO_FORMAT, LOGO_TOO_LARGE, NAME_ALREADY_USED, ORGANIZATION_LOGO_MAX_BYTES } from '@flotilla/core/organization-rules';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, createFleet, signUp, type TestUser } from '../auth/test-helpers.ts';
import { FLEET_MEMBER_NOT_IN_ORGANIZATION } from './application-membership.hooks.ts';

/**
 * Organization, member and team rules of issue 4 (accounts spec §5–§7, fleets spec §7) through
 * the real HTTP API: personal organizations, names, logos, the last administrator, teams,
 * `username` on membership POSTs and team access within one organization.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

interface Person extends TestUser {
  id: number;
  username: string;
}

async function person(): Promise<Person> {
  const user = await signUp(ctx.app);
  const row = await ctx.database.db.selectFrom('user').select(['id', 'username']).where('email', '=', user.email).executeTakeFirstOrThrow();
  return { ...user, id: row.id as number, username: row.username as string };
}

function call(who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, payload: payload as object | undefined, headers: bearer(who.token) });
}

async function createOrg(who: TestUser, name = `Org ${randomBytes(4).toString('hex')}`): Promise<number> {
  const res = await call(who, 'POST', '/v7/organization', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function roleId(table: 'organization_membership_role' | 'application_membership_role', name: string): Promise<number> {
  return (await ctx.database.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id as number;
}

async function addMember(orgId: number, user: Person, role: 'administrator' | 'member' = 'member'): Promise<number> {
  const row = await ctx.database.db
    .insertInto('organization_membership')
    .values({ user: user.id, is_member_of__organization: orgId, organization_membership_role: await roleId('organization_membership_role', role) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

async function membershipOf(orgId: number, user: Person): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('organization_membership')
    .select('id')
    .where('is_member_of__organization', '=', orgId)
    .where('user', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.id as number;
}

const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 1).toString('base64')}`;

describe('personal organization', () => {
  it('gives every new user an organization named after the username, with the user as administrator', async () => {
    const alice = await person();
    const res = await call(alice, 'GET', `/v7/organization?$filter=organization_membership/any(m:m/user%20eq%20${alice.id})&$expand=organization_membership($expand=organization_membership_role($select=name))`);
    const orgs = res.json().d as Array<{ name: string; handle: string; organization_membership: Array<{ organization_membership_role: Array<{ name: string }> }> }>;
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ name: alice.username, handle: alice.username });
    expect(orgs[0]!.organization_membership.map((m) => m.organization_membership_role[0]!.name)).toEqual(['administrator']);
  });

  it('takes a suffixed handle when an organization already uses the username as its handle', async () => {
    const email = `taken${randomBytes(4).toString('hex')}@example.com`;
    const base = email.split('@')[0]!;
    await ctx.database.db.insertInto('organization').values({ name: 'Squatter', handle: base }).execute();
    const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email, password: 'correct horse battery' } });
    expect(res.statusCode, res.body).toBe(201);
    const r = await sql<{ name: string; handle: string }>`SELECT o.name, o.handle FROM organization o
      JOIN organization_membership m ON m.is_member_of__organization = o.id JOIN "user" u ON u.id = m."user" WHERE u.email = ${email}`.execute(ctx.database.db);
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.name).toBe(base);
    expect(r.rows[0]!.handle).toMatch(new RegExp(`^${base}_[0-9a-f]{6}$`));
  });
});

describe('organization name and logo', () => {
  it('requires a name and keeps names unique among the user’s organizations, case-insensitively (409)', async () => {
    const alice = await person();
    expect((await call(alice, 'POST', '/v7/organization', { name: '   ' })).statusCode).toBe(400);
    await createOrg(alice, 'Acme Robotics');
    const dup = await call(alice, 'POST', '/v7/organization', { name: ' acme ROBOTICS ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(NAME_ALREADY_USED);
    // Another user may use the same name.
    const bob = await person();
    await createOrg(bob, 'Acme Robotics');
    // Renaming onto one's own other organization's name is the same conflict.
    const other = await createOrg(alice, 'Other');
    const rename = await call(alice, 'PATCH', `/v7/organization(${other})`, { name: 'ACME robotics' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toBe(NAME_ALREADY_USED);
    expect((await call(alice, 'PATCH', `/v7/organization(${other})`, { name: '  Trimmed  ' })).statusCode).toBe(200);
    expect((await ctx.database.db.selectFrom('organization').select('name').where('id', '=', other).executeTakeFirstOrThrow()).name).toBe('Trimmed');
  });

  it('accepts a png or jpeg data URL of at most 1,000,000 bytes as the logo, on create and on change', async () => {
    const alice = await person();
    const created = await call(alice, 'POST', '/v7/organization', { name: `Logo ${randomBytes(3).toString('hex')}`, logo_image: png(100) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().logo_image).toBe(png(100));
    const id = created.json().id as number;
    const big = png(ORGANIZATION_LOGO_MAX_BYTES);
    expect((await call(alice, 'PATCH', `/v7/organization(${id})`, { logo_image: big })).statusCode).toBe(200);
    const tooBig = await call(alice, 'PATCH', `/v7/organization(${id})`, { logo_image: png(ORGANIZATION_LOGO_MAX_BYTES + 1) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toBe(LOGO_TOO_LARGE);
    const gif = await call(alice, 'PATCH', `/v7/organization(${id})`, { logo_image: `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}` });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().error).toBe(LOGO_FORMAT);
    const onCreate = await call(alice, 'POST', '/v7/organization', { name: `Bad logo ${randomBytes(3).toString('hex')}`, logo_image: 'https://example.com/x.png' });
    expect(onCreate.statusCode).toBe(400);
    expect((await call(alice, 'PATCH', `/v7/organization(${id})`, { logo_image: null })).statusCode).toBe(200);
  });

  it('refuses to delete an organization that still has fleets', async () => {
    const alice = await person();
    const fleet = await createFleet(ctx.database.db);
    await addMember(fleet.organizationId, alice, 'administrator');
    const res = await call(alice, 'DELETE', `/v7/organization(${fleet.organizationId})`);
    expect(res.statusCode).toBe(409);
    expect(await ctx.database.db.selectFrom('organization').select('id').where('id', '=', fleet.organizationId).executeTakeFirst()).toBeDefined();
  });
});

describe('the last administrator', () => {
  it('can neither leave, be removed (also in a $filter id list) nor be demoted; a second administrator unblocks it', async () => {
    const alice = await person();
    const bob = await person();
    const org = await createOrg(alice);
    const aliceM = await membershipOf(org, alice);
    const bobM = await addMember(org, bob);
    const member = await roleId('organization_membership_role', 'member');
    const admin = await roleId('organization_membership_role', 'administrator');
    for (const res of [
      await call(alice, 'DELETE', `/v7/organization_membership(${aliceM})`),
      await call(alice, 'DELETE', `/v7/organization_membership?$filter=id%20in%20(${aliceM},${bobM})`),
      await call(alice, 'PATCH', `/v7/organization_membership(${aliceM})`, { organization_membership_role: member }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('errors.cannot_delete_last_organization_admin');
    }
    expect(await ctx.database.db.selectFrom('organization_membership').select('id').where('id', 'in', [aliceM, bobM]).execute()).toHaveLength(2);
    // Promote Bob (role change by PATCH), then Alice may step down and leave.
    expect((await call(alice, 'PATCH', `/v7/organization_membership(${bobM})`, { organization_membership_role: admin })).statusCode).toBe(200);
    expect((await call(alice, 'PATCH', `/v7/organization_membership(${aliceM})`, { organization_membership_role: member })).statusCode).toBe(200);
    expect((await call(alice, 'DELETE', `/v7/organization_membership(${aliceM})`)).statusCode).toBe(200);
  });

  it('leaves one administrator when two remove each other at the same moment', async () => {
    const alice = await person();
    const bob = await person();
    const org = await createOrg(alice);
    const aliceM = await membershipOf(org, alice);
    const bobM = await addMember(org, bob, 'administrator');
    // Each removes the other in parallel; checked one after the other, exactly one may go.
    const answers = await Promise.all([call(alice, 'DELETE', `/v7/organization_membership(${bobM})`), call(bob, 'DELETE', `/v7/organization_membership(${aliceM})`)]);
    // The other is refused: 409 when it was checked against the first's removal, 404 when it ran
    // after it (its sender is no longer a member; PGlite runs them one after the other).
    const [done, refused] = answers.map((a) => a.statusCode).sort();
    expect(done).toBe(200);
    expect([404, 409]).toContain(refused);
    const admins = await ctx.database.db
      .selectFrom('organization_membership as m')
      .innerJoin('organization_membership_role as r', 'r.id', 'm.organization_membership_role')
      .select('m.id')
      .where('m.is_member_of__organization', '=', org)
      .where('r.name', '=', 'administrator')
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('does not let a member promote themselves', async () => {
    const alice = await person();
    const bob = await person();
    const org = await createOrg(alice);
    const bobM = await addMember(org, bob);
    const res = await call(bob, 'PATCH', `/v7/organization_membership(${bobM})`, { organization_membership_role: await roleId('organization_membership_role', 'administrator') });
    expect(res.statusCode).toBe(401);
    const row = await ctx.database.db.selectFrom('organization_membership').select('organization_membership_role').where('id', '=', bobM).executeTakeFirstOrThrow();
    expect(row.organization_membership_role).toBe(await roleId('organization_membership_role', 'member'));
  });

  it('never moves a membership to another user or organization', async () => {
    const alice = await person();
    const bob = await person();
    const org = await createOrg(alice);
    const bobM = await addMember(org, bob);
    const res = await call(alice, 'PATCH', `/v7/organization_membership(${bobM})`, { user: alice.id });
    expect(res.statusCode).toBe(400);
  });
});

describe('leaving an organization', () => {
  it('takes a removed member\u2019s teams and fleet roles in it away, and leaves other organizations\u2019 alone', async () => {
    const alice = await person();
    const mallory = await person();
    const fleet = await createFleet(ctx.database.db);
    const elsewhere = await createFleet(ctx.database.db);
    await addMember(fleet.organizationId, alice, 'administrator');
    const malloryM = await addMember(fleet.organizationId, mallory);
    await addMember(elsewhere.organizationId, mallory);
    const developer = await roleId('application_membership_role', 'developer');
    const team = (await call(alice, 'POST', '/v7/team', { name: 'Ops', belongs_to__organization: fleet.organizationId })).json().id as number;
    expect((await call(alice, 'POST', '/v7/team_application_access', { team, grants_access_to__application: fleet.applicationId, application_membership_role: developer })).statusCode).toBe(201);
    expect((await call(alice, 'POST', '/v7/team_membership', { user: mallory.id, is_member_of__team: team })).statusCode).toBe(201);
    expect((await call(alice, 'POST', '/v7/user_application_membership', { username: mallory.username, is_member_of__application: fleet.applicationId })).statusCode).toBe(201);
    await ctx.database.db
      .insertInto('user_application_membership')
      .values({ user: mallory.id, is_member_of__application: elsewhere.applicationId, application_membership_role: developer })
      .execute();
    const seesFleet = async (id: number) => (await call(mallory, 'GET', `/v7/application(${id})?$select=id`)).json().d.length === 1;
    expect(await seesFleet(fleet.applicationId)).toBe(true);

    expect((await call(alice, 'DELETE', `/v7/organization_membership(${malloryM})`)).statusCode).toBe(200);
    expect(await seesFleet(fleet.applicationId)).toBe(false);
    expect((await call(mallory, 'GET', `/v7/organization(${fleet.organizationId})?$select=id`)).json().d).toEqual([]);
    const left = async (table: 'team_membership' | 'user_application_membership') =>
      (await ctx.database.db.selectFrom(table).select('id').where('user', '=', mallory.id).execute()).length;
    expect([await left('team_membership'), await left('user_application_membership')]).toEqual([0, 1]);
    expect(await seesFleet(elsewhere.applicationId)).toBe(true);
  });
});

describe('teams', () => {
  it('requires a name, unique in the organization case-insensitively (409), also on rename', async () => {
    const alice = await person();
    const org = await createOrg(alice);
    expect((await call(alice, 'POST', '/v7/team', { name: ' ', belongs_to__organization: org })).statusCode).toBe(400);
    const ops = await call(alice, 'POST', '/v7/team', { name: 'Ops', belongs_to__organization: org });
    expect(ops.statusCode, ops.body).toBe(201);
    const dup = await call(alice, 'POST', '/v7/team', { name: 'OPS ', belongs_to__organization: org });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(NAME_ALREADY_USED);
    const dev = await call(alice, 'POST', '/v7/team', { name: 'Dev', belongs_to__organization: org });
    const rename = await call(alice, 'PATCH', `/v7/team(${dev.json().id})`, { name: 'ops' });
    expect(rename.statusCode).toBe(409);
    // The same name in another organization is fine.
    const other = await createOrg(alice);
    expect((await call(alice, 'POST', '/v7/team', { name: 'Ops', belongs_to__organization: other })).statusCode).toBe(201);
  });

  it('does not tell a caller without team rights whether a name is taken', async () => {
    const alice = await person();
    const mallory = await person();
    const org = await createOrg(alice);
    await call(alice, 'POST', '/v7/team', { name: 'Secret', belongs_to__organization: org });
    for (const name of ['Secret', 'Free']) {
      expect((await call(mallory, 'POST', '/v7/team', { name, belongs_to__organization: org })).statusCode).toBe(401);
    }
  });

  it('adds members by username (balena-sdk), only members of the organization, with clear errors', async () => {
    const alice = await person();
    const bob = await person();
    const carol = await person();
    const org = await createOrg(alice);
    await addMember(org, bob);
    const team = (await call(alice, 'POST', '/v7/team', { name: 'Ops', belongs_to__organization: org })).json().id as number;
    const added = await call(alice, 'POST', '/v7/team_membership', { username: bob.username, is_member_of__team: team });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ user: { __id: bob.id }, is_member_of__team: { __id: team } });
    expect(added.json()).not.toHaveProperty('username');
    // An unknown username is answered as a user outside the organization: whoever owns an
    // organization (anyone, with a free account) cannot tell which usernames exist.
    const unknown = await call(alice, 'POST', '/v7/team_membership', { username: `nobody${randomBytes(3).toString('hex')}`, is_member_of__team: team });
    const outsider = await call(alice, 'POST', '/v7/team_membership', { username: carol.username, is_member_of__team: team });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error).toMatch(/member of the team's organization/);
    expect([unknown.statusCode, unknown.json()]).toEqual([outsider.statusCode, outsider.json()]);
    // The same rule, and the same answer, for a pine caller posting a user id, existing or not.
    const byId = await call(alice, 'POST', '/v7/team_membership', { user: carol.id, is_member_of__team: team });
    const missing = await call(alice, 'POST', '/v7/team_membership', { user: 2_000_000_000, is_member_of__team: team });
    expect([byId.statusCode, missing.statusCode]).toEqual([403, 403]);
    expect(missing.json()).toEqual(byId.json());
    // username is write-only: not readable, not accepted on PATCH.
    expect((await call(alice, 'GET', `/v7/team_membership?$select=username`)).statusCode).toBe(400);
    expect((await call(alice, 'PATCH', `/v7/team_membership(${added.json().id})`, { username: carol.username })).statusCode).toBe(400);
    // Someone without rights in the organization learns nothing about usernames or teams.
    const probe = await call(carol, 'POST', '/v7/team_membership', { username: `nobody${randomBytes(3).toString('hex')}`, is_member_of__team: team });
    expect(probe.statusCode).toBe(401);
  });

  it('grants team access only to fleets of the team’s organization', async () => {
    const alice = await person();
    const mine = await createFleet(ctx.database.db);
    const foreign = await createFleet(ctx.database.db);
    await addMember(mine.organizationId, alice, 'administrator');
    await addMember(foreign.organizationId, alice, 'administrator');
    const team = (await call(alice, 'POST', '/v7/team', { name: 'Ops', belongs_to__organization: mine.organizationId })).json().id as number;
    const developer = await roleId('application_membership_role', 'developer');
    const cross = await call(alice, 'POST', '/v7/team_application_access', { team, grants_access_to__application: foreign.applicationId, application_membership_role: developer });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error).toMatch(/fleets of the team's organization/);
    const ok = await call(alice, 'POST', '/v7/team_application_access', { team, grants_access_to__application: mine.applicationId, application_membership_role: developer });
    expect(ok.statusCode, ok.body).toBe(201);
    const move = await call(alice, 'PATCH', `/v7/team_application_access(${ok.json().id})`, { grants_access_to__application: foreign.applicationId });
    expect(move.statusCode).toBe(400);
  });
});

describe('fleet membership by username', () => {
  it('adds an organization member with the default developer role, and refuses non-members', async () => {
    const alice = await person();
    const bob = await person();
    const carol = await person();
    const fleet = await createFleet(ctx.database.db);
    await addMember(fleet.organizationId, alice, 'administrator');
    await addMember(fleet.organizationId, bob);
    const res = await call(alice, 'POST', '/v7/user_application_membership', { username: bob.username, is_member_of__application: fleet.applicationId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ user: { __id: bob.id }, application_membership_role: { __id: await roleId('application_membership_role', 'developer') } });
    const outsider = await call(alice, 'POST', '/v7/user_application_membership', { username: carol.username, is_member_of__application: fleet.applicationId });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error).toBe(FLEET_MEMBER_NOT_IN_ORGANIZATION);
    const probe = await call(carol, 'POST', '/v7/user_application_membership', { username: alice.username, is_member_of__application: fleet.applicationId });
    expect(probe.statusCode).toBe(401);
  });
});
