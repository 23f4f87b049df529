import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FLEET_ROLES, type FleetRoleName } from '@flotilla/core/roles';
import { describeMatrix, exists, matrixApp, roleId, send, type MatrixCase, type Method } from '../model/access/matrix-harness.ts';

/**
 * The organization permission matrix (issue 4; accounts spec §6, fleets spec §6 "Effective role"
 * and "Entity tables") through the real HTTP API. Actors: the organization's administrator, a
 * plain member, a member of a team holding each fleet role on the organization's fleet, and an
 * outsider. Each case × actor builds its own organization, so cases are independent. Allowed
 * writes take effect; denied ones are 404 when the row is invisible to the actor and 401 when
 * visible but forbidden (odata/write-target.ts), and change nothing.
 */
const TEAM_ACTORS = FLEET_ROLES.map((role) => `team-${role}` as const);
type TeamActor = (typeof TEAM_ACTORS)[number];
const ACTORS = ['org-admin', 'org-member', ...TEAM_ACTORS, 'outsider'] as const;
type Who = (typeof ACTORS)[number];
const ORG_MEMBERS: readonly Who[] = ['org-admin', 'org-member', ...TEAM_ACTORS];
const FLEET_USERS: readonly Who[] = ['org-admin', ...TEAM_ACTORS];
/** Team actors whose team's fleet role is one of `roles`, plus the organization administrator (administrator on every fleet). */
const withFleetRole = (...roles: FleetRoleName[]): Who[] => ['org-admin', ...roles.map((r) => `team-${r}` as TeamActor)];

const m = matrixApp([...ACTORS, 'bystander'] as const);
const PNG = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64')}`;
const roleOf = (table: 'organization_membership_role' | 'application_membership_role', name: string) => roleId(m.db, table, name);
const has = (table: string, where: Record<string, unknown>) => exists(m.db, table, where);

interface World {
  orgId: number;
  fleetId: number;
  deviceId: number;
  /** Membership ids by user. */
  membership: Partial<Record<Who | 'bystander', number>>;
  bystanderTagId: number;
  /** A team without fleet access (rename/delete/grant target). */
  spareTeamId: number;
  /** A team with the bystander as member and observer access to the fleet. */
  otherTeamId: number;
  otherTeamMembershipId: number;
  otherTeamGrantId: number;
  /** Team membership ids of the team actors. */
  teamMembership: Partial<Record<Who, number>>;
  teamCount: number;
  memberCount: number;
}

async function makeWorld(): Promise<World> {
  const s = randomBytes(4).toString('hex');
  const dt = await m.db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow();
  const appType = await m.db.selectFrom('application_type').select('id').where('slug', '=', 'microservices').executeTakeFirstOrThrow();
  const org = await m.db.insertInto('organization').values({ name: `Matrix ${s}`, handle: `matrix_${s}` }).returning('id').executeTakeFirstOrThrow();
  const fleetActor = await m.db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const fleet = await m.db
    .insertInto('application')
    .values({ actor: fleetActor.id, app_name: `fleet${s}`, slug: `matrix_${s}/fleet${s}`, uuid: randomBytes(16).toString('hex'), organization: org.id, is_for__device_type: dt.id, application_type: appType.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deviceActor = await m.db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const device = await m.db
    .insertInto('device')
    .values({ actor: deviceActor.id, uuid: randomBytes(16).toString('hex'), device_name: `dev${s}`, belongs_to__application: fleet.id, is_of__device_type: dt.id })
    .returning('id')
    .executeTakeFirstOrThrow();

  const member = await roleOf('organization_membership_role', 'member');
  const membership: World['membership'] = {};
  const join = async (who: Who | 'bystander', role: number) => {
    const row = await m.db
      .insertInto('organization_membership')
      .values({ user: m.users[who].userId, is_member_of__organization: org.id, organization_membership_role: role })
      .returning('id')
      .executeTakeFirstOrThrow();
    membership[who] = row.id as number;
  };
  await join('org-admin', await roleOf('organization_membership_role', 'administrator'));
  for (const who of ['org-member', ...TEAM_ACTORS, 'bystander'] as const) await join(who, member);
  const tag = await m.db.insertInto('organization_membership_tag').values({ organization_membership: membership.bystander!, tag_key: 'desk', value: '4' }).returning('id').executeTakeFirstOrThrow();

  const newTeam = async (name: string) => (await m.db.insertInto('team').values({ name, belongs_to__organization: org.id }).returning('id').executeTakeFirstOrThrow()).id as number;
  const grant = async (team: number, role: string) =>
    (
      await m.db
        .insertInto('team_application_access')
        .values({ team, grants_access_to__application: fleet.id, application_membership_role: await roleOf('application_membership_role', role) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const addToTeam = async (who: Who | 'bystander', team: number) =>
    (await m.db.insertInto('team_membership').values({ user: m.users[who].userId, is_member_of__team: team }).returning('id').executeTakeFirstOrThrow()).id as number;

  const teamMembership: World['teamMembership'] = {};
  for (const role of FLEET_ROLES) {
    const team = await newTeam(`${role} team`);
    await grant(team, role);
    teamMembership[`team-${role}`] = await addToTeam(`team-${role}`, team);
  }
  const spareTeamId = await newTeam('Spare');
  const otherTeamId = await newTeam('Other');
  const otherTeamMembershipId = await addToTeam('bystander', otherTeamId);
  const otherTeamGrantId = await grant(otherTeamId, 'observer');
  return {
    orgId: org.id as number,
    fleetId: fleet.id as number,
    deviceId: device.id as number,
    membership,
    bystanderTagId: tag.id as number,
    spareTeamId,
    otherTeamId,
    otherTeamMembershipId,
    otherTeamGrantId,
    teamMembership,
    teamCount: FLEET_ROLES.length + 2,
    memberCount: ORG_MEMBERS.length + 1,
  };
}

const call = (who: Who, method: Method, url: string, payload?: unknown) => send(m.ctx, m.users[who].token, method, url, payload);

interface Case extends MatrixCase<Who, World> {
  /** For writes: who can see the target row (denied → 401; everyone else → 404). POSTs are always 401 when denied. */
  visibleTo?: readonly Who[];
  /** A denial status that differs from the 401/404 rule for some actor (e.g. the last administrator, 409). */
  deniedStatus?: Partial<Record<Who, number>>;
}

const count = async (who: Who, url: string) => {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().d as unknown[]).length;
};

const CASES: Case[] = [
  // Organization
  {
    name: 'read the organization',
    allowed: ORG_MEMBERS,
    run: async (who, w) => ({ effect: (await count(who, `/v7/organization(${w.orgId})?$select=id,name,handle,logo_image`)) === 1 }),
  },
  {
    name: 'rename the organization',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'PATCH', `/v7/organization(${w.orgId})`, { name: 'Renamed' });
      return { res, effect: await has('organization', { id: w.orgId, name: 'Renamed' }) };
    },
  },
  {
    name: 'change the organization logo',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'PATCH', `/v7/organization(${w.orgId})`, { logo_image: PNG });
      return { res, effect: await has('organization', { id: w.orgId, logo_image: PNG }) };
    },
  },
  {
    name: 'delete the organization (once it has no fleets)',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      await m.db.deleteFrom('application').where('id', '=', w.fleetId).execute();
      const res = await call(who, 'DELETE', `/v7/organization(${w.orgId})`);
      return { res, effect: !(await has('organization', { id: w.orgId })) };
    },
  },
  // Members
  {
    name: 'list members',
    allowed: ORG_MEMBERS,
    run: async (who, w) => ({
      effect: (await count(who, `/v7/organization_membership?$filter=is_member_of__organization%20eq%20${w.orgId}&$expand=user($select=username)`)) === w.memberCount,
    }),
  },
  {
    name: "change a member's role",
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const admin = await roleOf('organization_membership_role', 'administrator');
      const res = await call(who, 'PATCH', `/v7/organization_membership(${w.membership.bystander})`, { organization_membership_role: admin });
      return { res, effect: await has('organization_membership', { id: w.membership.bystander, organization_membership_role: admin }) };
    },
  },
  {
    name: 'remove another member',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'DELETE', `/v7/organization_membership(${w.membership.bystander})`);
      return { res, effect: !(await has('organization_membership', { id: w.membership.bystander })) };
    },
  },
  {
    name: 'leave the organization',
    // The administrator is the last one: 409 errors.cannot_delete_last_organization_admin.
    allowed: ['org-member', ...TEAM_ACTORS],
    visibleTo: ORG_MEMBERS,
    deniedStatus: { 'org-admin': 409, outsider: 200 },
    async run(who, w) {
      const res = await call(who, 'DELETE', `/v7/organization_membership?$filter=user%20eq%20${m.users[who].userId}%20and%20is_member_of__organization%20eq%20${w.orgId}`);
      if (who === 'org-admin') expect(res.json().error).toBe('errors.cannot_delete_last_organization_admin');
      const membership = w.membership[who];
      return { res, effect: membership !== undefined && !(await has('organization_membership', { id: membership })) };
    },
  },
  {
    name: 'read member tags',
    allowed: ORG_MEMBERS,
    run: async (who, w) => ({ effect: (await count(who, `/v7/organization_membership_tag?$filter=organization_membership%20eq%20${w.membership.bystander}`)) === 1 }),
  },
  {
    name: 'add a member tag',
    allowed: ['org-admin'],
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/organization_membership_tag', { organization_membership: w.membership.bystander, tag_key: 'team', value: 'red' });
      return { res, effect: await has('organization_membership_tag', { organization_membership: w.membership.bystander!, tag_key: 'team' }) };
    },
  },
  {
    name: 'change a member tag',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'PATCH', `/v7/organization_membership_tag(${w.bystanderTagId})`, { value: '5' });
      return { res, effect: await has('organization_membership_tag', { id: w.bystanderTagId, value: '5' }) };
    },
  },
  {
    name: 'delete a member tag',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'DELETE', `/v7/organization_membership_tag(${w.bystanderTagId})`);
      return { res, effect: !(await has('organization_membership_tag', { id: w.bystanderTagId })) };
    },
  },
  {
    name: 'list invites (read only here)',
    allowed: ['org-admin'],
    async run(who, w) {
      const invitee = await m.db.insertInto('invitee').values({ email: `inv.${randomBytes(4).toString('hex')}@example.com` }).returning('id').executeTakeFirstOrThrow();
      await m.db
        .insertInto('organization_invite')
        .values({ invitee: invitee.id, is_invited_to__organization: w.orgId, organization_membership_role: await roleOf('organization_membership_role', 'member'), token_hash: randomBytes(32).toString('hex') })
        .execute();
      return { effect: (await count(who, `/v7/organization_invite?$filter=is_invited_to__organization%20eq%20${w.orgId}&$select=id`)) === 1 };
    },
  },
  // Teams
  {
    name: 'list teams',
    allowed: ORG_MEMBERS,
    run: async (who, w) => ({ effect: (await count(who, `/v7/team?$filter=belongs_to__organization%20eq%20${w.orgId}&$select=id,name`)) === w.teamCount }),
  },
  {
    name: 'create a team',
    allowed: ['org-admin'],
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/team', { name: 'Brand new', belongs_to__organization: w.orgId });
      return { res, effect: await has('team', { belongs_to__organization: w.orgId, name: 'Brand new' }) };
    },
  },
  {
    name: 'rename a team',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'PATCH', `/v7/team(${w.spareTeamId})`, { name: 'Renamed team' });
      return { res, effect: await has('team', { id: w.spareTeamId, name: 'Renamed team' }) };
    },
  },
  {
    name: 'delete a team',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'DELETE', `/v7/team(${w.otherTeamId})`);
      return { res, effect: !(await has('team', { id: w.otherTeamId })) };
    },
  },
  {
    name: 'add a team member by username',
    allowed: ['org-admin'],
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/team_membership', { username: m.users['org-member'].username, is_member_of__team: w.spareTeamId });
      return { res, effect: await has('team_membership', { user: m.users['org-member'].userId, is_member_of__team: w.spareTeamId }) };
    },
  },
  {
    name: 'remove another team member',
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'DELETE', `/v7/team_membership(${w.otherTeamMembershipId})`);
      return { res, effect: !(await has('team_membership', { id: w.otherTeamMembershipId })) };
    },
  },
  {
    name: 'leave a team (oneself is always allowed)',
    allowed: TEAM_ACTORS,
    deniedStatus: { 'org-admin': 200, 'org-member': 200, outsider: 200 },
    async run(who, w) {
      const res = await call(who, 'DELETE', `/v7/team_membership?$filter=user%20eq%20${m.users[who].userId}`);
      const membership = w.teamMembership[who];
      return { res, effect: membership !== undefined && !(await has('team_membership', { id: membership })) };
    },
  },
  // Team access grants
  {
    name: 'read team access grants',
    allowed: ORG_MEMBERS,
    run: async (who, w) => ({ effect: (await count(who, `/v7/team_application_access?$filter=team%20eq%20${w.otherTeamId}`)) === 1 }),
  },
  {
    name: 'grant a team access to a fleet',
    allowed: ['org-admin'],
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/team_application_access', {
        team: w.spareTeamId,
        grants_access_to__application: w.fleetId,
        application_membership_role: await roleOf('application_membership_role', 'developer'),
      });
      return { res, effect: await has('team_application_access', { team: w.spareTeamId }) };
    },
  },
  {
    name: "change a team's fleet role",
    allowed: ['org-admin'],
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const developer = await roleOf('application_membership_role', 'developer');
      const res = await call(who, 'PATCH', `/v7/team_application_access(${w.otherTeamGrantId})`, { application_membership_role: developer });
      return { res, effect: await has('team_application_access', { id: w.otherTeamGrantId, application_membership_role: developer }) };
    },
  },
  {
    name: "revoke a team's fleet access",
    // Fleets spec §6: administrator, developer and safe-developer of the fleet may delete team access.
    allowed: withFleetRole('administrator', 'developer', 'safe-developer'),
    visibleTo: ORG_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'DELETE', `/v7/team_application_access(${w.otherTeamGrantId})`);
      return { res, effect: !(await has('team_application_access', { id: w.otherTeamGrantId })) };
    },
  },
  // The fleet, through team access (fleets spec §6 "Effective role")
  {
    name: 'read the fleet',
    allowed: FLEET_USERS,
    run: async (who, w) => ({ effect: (await count(who, `/v7/application(${w.fleetId})?$select=id`)) === 1 }),
  },
  {
    name: 'rename the fleet',
    allowed: withFleetRole('administrator', 'developer'),
    visibleTo: FLEET_USERS,
    async run(who, w) {
      const res = await call(who, 'PATCH', `/v7/application(${w.fleetId})`, { app_name: 'renamedfleet' });
      return { res, effect: await has('application', { id: w.fleetId, app_name: 'renamedfleet' }) };
    },
  },
  {
    name: 'set a device environment variable',
    allowed: withFleetRole('administrator', 'developer', 'safe-developer', 'operator', 'safe-operator'),
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/device_environment_variable', { device: w.deviceId, name: 'FOO', value: 'bar' });
      return { res, effect: await has('device_environment_variable', { device: w.deviceId, name: 'FOO' }) };
    },
  },
  {
    name: 'set a fleet environment variable',
    allowed: withFleetRole('administrator', 'developer', 'safe-developer'),
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/application_environment_variable', { application: w.fleetId, name: 'FOO', value: 'bar' });
      return { res, effect: await has('application_environment_variable', { application: w.fleetId, name: 'FOO' }) };
    },
  },
  {
    name: 'delete a device',
    allowed: withFleetRole('administrator', 'developer', 'operator'),
    visibleTo: FLEET_USERS,
    async run(who, w) {
      const res = await call(who, 'DELETE', `/v7/device(${w.deviceId})`);
      return { res, effect: !(await has('device', { id: w.deviceId })) };
    },
  },
  {
    name: 'add a fleet member by username',
    allowed: withFleetRole('administrator'),
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/user_application_membership', {
        username: m.users.bystander.username,
        is_member_of__application: w.fleetId,
        application_membership_role: await roleOf('application_membership_role', 'observer'),
      });
      return { res, effect: await has('user_application_membership', { user: m.users.bystander.userId, is_member_of__application: w.fleetId }) };
    },
  },
];

describeMatrix(CASES, ACTORS, makeWorld, (c, who, { res }, allowed) => {
  if (!res) return;
  if (allowed) expect(res.statusCode, res.body).toBeLessThan(300);
  else {
    const visible = c.visibleTo ? c.visibleTo.includes(who) : true;
    expect(res.statusCode, res.body).toBe(c.deniedStatus?.[who] ?? (visible ? 401 : 404));
  }
});

describe('team access follows team membership', () => {
  it('grants nothing more once the user leaves the team, immediately', async () => {
    const w = await makeWorld();
    expect(await count('team-developer', `/v7/application(${w.fleetId})?$select=id`)).toBe(1);
    const removed = await call('org-admin', 'DELETE', `/v7/team_membership(${w.teamMembership['team-developer']})`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await count('team-developer', `/v7/application(${w.fleetId})?$select=id`)).toBe(0);
    const patch = await call('team-developer', 'PATCH', `/v7/application(${w.fleetId})`, { app_name: 'stillmine' });
    expect(patch.statusCode).toBe(404);
  });

  it('takes the most privileged of the organization, fleet and team roles', async () => {
    const w = await makeWorld();
    // team-observer also gets a direct developer membership: the union is developer.
    await m.db
      .insertInto('user_application_membership')
      .values({ user: m.users['team-observer'].userId, is_member_of__application: w.fleetId, application_membership_role: await roleOf('application_membership_role', 'developer') })
      .execute();
    const res = await call('team-observer', 'PATCH', `/v7/application(${w.fleetId})`, { app_name: 'unionrole' });
    expect(res.statusCode, res.body).toBe(200);
    // And when the developer grant goes, the team's observer role is what remains.
    await m.db.deleteFrom('user_application_membership').where('user', '=', m.users['team-observer'].userId).execute();
    const denied = await call('team-observer', 'PATCH', `/v7/application(${w.fleetId})`, { app_name: 'again' });
    expect(denied.statusCode).toBe(401);
  });
});
