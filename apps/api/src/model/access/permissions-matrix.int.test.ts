import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import type { Db } from '../../db/database.ts';

/**
 * The permission matrix (fleets spec §6 "Entity tables" / "Permissions by role", accounts §6)
 * through the real HTTP API: each principal × representative read and write, asserting both the
 * allowed and the denied outcome against the database. Users sign up once; every case builds
 * its own organization, fleet, device and release, so cases are independent.
 */
const PRINCIPALS = [
  'observer',
  'safe-operator',
  'operator',
  'safe-developer',
  'developer',
  'administrator',
  'org-member',
  'org-admin',
  'team-developer',
  'outsider',
  // Platform staff (fleets spec §6 "Other roles", accounts spec §6): flags on the user row.
  'support-agent',
  'platform-admin',
] as const;
type Who = (typeof PRINCIPALS)[number];

let ctx: TestContext;
let db: Db;
const users = {} as Record<Who, { token: string; userId: number }>;

async function roleId(table: string, name: string): Promise<number> {
  const row = await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id as number;
}

interface World {
  orgId: number;
  fleetId: number;
  fleetActor: number;
  deviceId: number;
  releaseId: number;
  releaseTagId: number;
}

/** An organization with one fleet, device, release and tag, and the memberships each principal holds. */
async function makeWorld(): Promise<World> {
  const s = randomBytes(4).toString('hex');
  const dt = await db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow();
  const appType = await db.selectFrom('application_type').select('id').where('slug', '=', 'microservices').executeTakeFirstOrThrow();
  const org = await db.insertInto('organization').values({ name: `Org ${s}`, handle: `org_${s}` }).returning('id').executeTakeFirstOrThrow();
  const fleetActor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const fleet = await db
    .insertInto('application')
    .values({
      actor: fleetActor.id,
      app_name: `fleet${s}`,
      slug: `org_${s}/fleet${s}`,
      uuid: randomBytes(16).toString('hex'),
      organization: org.id,
      is_for__device_type: dt.id,
      application_type: appType.id,
      // Support access granted for the next hour: the support agent may look, not touch.
      is_accessible_by_support_until__date: new Date(Date.now() + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deviceActor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const device = await db
    .insertInto('device')
    .values({ actor: deviceActor.id, uuid: randomBytes(16).toString('hex'), device_name: `dev${s}`, belongs_to__application: fleet.id, is_of__device_type: dt.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const release = await db
    .insertInto('release')
    .values({ belongs_to__application: fleet.id, commit: randomBytes(16).toString('hex'), status: 'success' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = await db.insertInto('release_tag').values({ release: release.id, tag_key: 'existing', value: 'x' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('api_key').values({ key_hash: randomBytes(32).toString('hex'), is_of__actor: fleetActor.id, name: 'prov' }).execute();

  const orgMember = await roleId('organization_membership_role', 'member');
  const orgAdmin = await roleId('organization_membership_role', 'administrator');
  const memberOf = (who: Who, role: number) =>
    db.insertInto('organization_membership').values({ user: users[who].userId, is_member_of__organization: org.id, organization_membership_role: role }).execute();
  for (const role of ['observer', 'safe-operator', 'operator', 'safe-developer', 'developer', 'administrator'] as const) {
    await memberOf(role, orgMember);
    await db
      .insertInto('user_application_membership')
      .values({ user: users[role].userId, is_member_of__application: fleet.id, application_membership_role: await roleId('application_membership_role', role) })
      .execute();
  }
  await memberOf('org-member', orgMember);
  await memberOf('org-admin', orgAdmin);
  await memberOf('team-developer', orgMember);
  const team = await db.insertInto('team').values({ name: `team${s}`, belongs_to__organization: org.id }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('team_membership').values({ user: users['team-developer'].userId, is_member_of__team: team.id }).execute();
  await db
    .insertInto('team_application_access')
    .values({ team: team.id, grants_access_to__application: fleet.id, application_membership_role: await roleId('application_membership_role', 'developer') })
    .execute();
  return { orgId: org.id, fleetId: fleet.id, fleetActor: fleetActor.id, deviceId: device.id, releaseId: release.id, releaseTagId: tag.id };
}

function call(who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, payload: payload as object | undefined, headers: { authorization: `Bearer ${users[who].token}` } });
}

async function count(table: string, where: Record<string, unknown>): Promise<number> {
  let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

interface Case {
  name: string;
  allowed: readonly Who[];
  /** Performs the operation and reports whether it took effect (read from the DB or the reply). */
  run(who: Who, w: World): Promise<boolean>;
}

const FLEET_MEMBERS: readonly Who[] = ['observer', 'safe-operator', 'operator', 'safe-developer', 'developer', 'administrator', 'org-admin', 'team-developer'];
const FLEET_READERS: readonly Who[] = [...FLEET_MEMBERS, 'support-agent', 'platform-admin'];
const DEVICE_WRITERS: readonly Who[] = ['safe-operator', 'operator', 'safe-developer', 'developer', 'administrator', 'org-admin', 'team-developer'];
const DEVELOPERS: readonly Who[] = ['developer', 'administrator', 'org-admin', 'team-developer'];

const CASES: Case[] = [
  {
    name: 'read fleet',
    allowed: FLEET_READERS,
    async run(who, w) {
      const res = await call(who, 'GET', `/v7/application(${w.fleetId})?$select=id`);
      expect(res.statusCode).toBe(200);
      return res.json().d.length === 1;
    },
  },
  {
    name: 'list fleets directly accessible',
    // Staff reach fleets through support access or the platform flag, never "directly".
    allowed: FLEET_MEMBERS,
    async run(who, w) {
      const res = await call(who, 'GET', `/v7/application?$filter=is_directly_accessible_by__user/any(dau:1%20eq%201)%20and%20id%20eq%20${w.fleetId}&$select=id`);
      expect(res.statusCode).toBe(200);
      return res.json().d.length === 1;
    },
  },
  {
    name: 'rename fleet',
    allowed: DEVELOPERS,
    async run(who, w) {
      const name = `renamed${randomBytes(3).toString('hex')}`;
      await call(who, 'PATCH', `/v7/application(${w.fleetId})`, { app_name: name });
      return (await count('application', { id: w.fleetId, app_name: name })) === 1;
    },
  },
  {
    name: 'delete fleet',
    allowed: ['administrator', 'org-admin'],
    async run(who, w) {
      await call(who, 'DELETE', `/v7/application(${w.fleetId})`);
      return (await count('application', { id: w.fleetId })) === 0;
    },
  },
  {
    name: 'read devices',
    allowed: FLEET_READERS,
    async run(who, w) {
      const res = await call(who, 'GET', `/v7/device?$filter=belongs_to__application%20eq%20${w.fleetId}&$select=id,overall_status`);
      expect(res.statusCode).toBe(200);
      return res.json().d.length === 1;
    },
  },
  {
    name: 'rename device',
    allowed: DEVICE_WRITERS,
    async run(who, w) {
      await call(who, 'PATCH', `/v7/device?$filter=id%20in%20(${w.deviceId})`, { device_name: 'renamed' });
      return (await count('device', { id: w.deviceId, device_name: 'renamed' })) === 1;
    },
  },
  {
    name: 'delete device',
    allowed: ['operator', 'developer', 'administrator', 'org-admin', 'team-developer'],
    async run(who, w) {
      await call(who, 'DELETE', `/v7/device?$filter=id%20in%20(${w.deviceId})`);
      return (await count('device', { id: w.deviceId })) === 0;
    },
  },
  {
    name: 'set fleet env var',
    allowed: ['safe-developer', ...DEVELOPERS],
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/application_environment_variable', { application: w.fleetId, name: 'FOO', value: 'bar' });
      return res.statusCode === 201 && (await count('application_environment_variable', { application: w.fleetId, name: 'FOO' })) === 1;
    },
  },
  {
    name: 'set fleet config var',
    allowed: DEVELOPERS,
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/application_config_variable', { application: w.fleetId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '900000' });
      return res.statusCode === 201 && (await count('application_config_variable', { application: w.fleetId })) === 1;
    },
  },
  {
    name: 'set device env var',
    allowed: DEVICE_WRITERS,
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/device_environment_variable', { device: w.deviceId, name: 'FOO', value: 'bar' });
      return res.statusCode === 201 && (await count('device_environment_variable', { device: w.deviceId })) === 1;
    },
  },
  {
    name: 'create release tag',
    allowed: ['safe-developer', ...DEVELOPERS],
    async run(who, w) {
      const res = await call(who, 'POST', '/v7/release_tag', { release: w.releaseId, tag_key: 'new', value: 'v' });
      return res.statusCode === 201 && (await count('release_tag', { release: w.releaseId, tag_key: 'new' })) === 1;
    },
  },
  {
    name: 'delete release tag',
    allowed: DEVELOPERS,
    async run(who, w) {
      await call(who, 'DELETE', `/v7/release_tag(${w.releaseTagId})`);
      return (await count('release_tag', { id: w.releaseTagId })) === 0;
    },
  },
  {
    name: 'read provisioning keys',
    allowed: DEVICE_WRITERS,
    async run(who, w) {
      const res = await call(who, 'GET', `/v7/api_key?$filter=is_of__actor%20eq%20${w.fleetActor}&$select=id,name`);
      expect(res.statusCode).toBe(200);
      const d = res.json().d as Array<Record<string, unknown>>;
      expect(d.every((k) => !('key_hash' in k))).toBe(true);
      return d.length === 1;
    },
  },
  {
    name: 'create provisioning key',
    allowed: DEVICE_WRITERS,
    async run(who, w) {
      const res = await call(who, 'POST', '/api-key/v2/', { actorType: 'application', actorTypeId: w.fleetId, roles: ['provisioning-api-key'], name: 'k2', expiryDate: '2099-01-01T00:00:00.000Z' });
      // A denial is an authorization answer, never a validation error.
      expect([200, 201, 401, 403]).toContain(res.statusCode);
      return res.statusCode < 300 && (await count('api_key', { is_of__actor: w.fleetActor, name: 'k2' })) === 1;
    },
  },
  {
    name: 'read organization',
    // Whoever can read one of its fleets sees the organization that owns it (name, handle).
    allowed: [...FLEET_READERS, 'org-member'],
    async run(who, w) {
      const res = await call(who, 'GET', `/v7/organization(${w.orgId})?$select=id,handle`);
      return res.json().d.length === 1;
    },
  },
  {
    name: 'rename organization',
    allowed: ['org-admin', 'platform-admin'],
    async run(who, w) {
      await call(who, 'PATCH', `/v7/organization(${w.orgId})`, { name: 'Renamed Org' });
      return (await count('organization', { id: w.orgId, name: 'Renamed Org' })) === 1;
    },
  },
];

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  for (const who of PRINCIPALS) {
    const email = `${who}.${randomBytes(4).toString('hex')}@example.com`;
    const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email, password: 'correct horse battery' } });
    expect(res.statusCode, res.body).toBe(201);
    const row = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    users[who] = { token: res.body, userId: row.id as number };
  }
  await db.updateTable('user').set({ is_support_agent: true }).where('id', '=', users['support-agent'].userId).execute();
  await db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', users['platform-admin'].userId).execute();
}, 120_000);
afterAll(async () => ctx?.close());

describe('support access expiry', () => {
  it('hides a fleet from the support agent once its support access has expired', async () => {
    const world = await makeWorld();
    const read = async () => (await call('support-agent', 'GET', `/v7/application(${world.fleetId})?$select=id`)).json().d.length;
    expect(await read()).toBe(1);
    await db.updateTable('application').set({ is_accessible_by_support_until__date: new Date(Date.now() - 1000) }).where('id', '=', world.fleetId).execute();
    expect(await read()).toBe(0);
  });
});

describe.each(CASES)('$name', (c) => {
  it.each(PRINCIPALS.map((who) => ({ who, allowed: c.allowed.includes(who) })))('$who → allowed: $allowed', async ({ who, allowed }) => {
    const world = await makeWorld();
    expect(await c.run(who, world)).toBe(allowed);
  });
});
