import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesWithPermission } from '@flotilla/core/roles';
import type { Database, Db } from '../../db/database.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { userFleetPermission, userHasFleetInOrg, userOrgPermission, type PermissionHolder } from './rule-builders.ts';

/**
 * The permission builders read the membership set functions (migration 0081, over the lean
 * membership views of 0014) and add the staff sets from the principal's flags. Here they must
 * grant exactly what the full role views grant, for members, team members, organization admins,
 * support agents and platform admins; the views redefined by 0014 must hold exactly the rows
 * their 0009 definitions gave, and the functions exactly the rows of the views they read.
 */
let database: Database;
let db: Db;
let drop: () => Promise<void>;

type Who = 'orgAdmin' | 'member' | 'teamUser' | 'support' | 'admin' | 'adminMember' | 'outsider';
const holders = {} as Record<Who, PermissionHolder>;

async function roleId(table: 'organization_membership_role' | 'application_membership_role', name: string): Promise<number> {
  const r = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE name = ${name}`.execute(db);
  return r.rows[0]!.id;
}

async function makeUser(who: Who, flags: { is_support_agent?: boolean; is_platform_admin?: boolean } = {}): Promise<void> {
  const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const s = randomBytes(4).toString('hex');
  const u = await db
    .insertInto('user')
    .values({ actor: actor.id, username: `${who}_${s}`, email: `${who.toLowerCase()}_${s}@example.com`, ...flags })
    .returning(['id', 'is_support_agent', 'is_platform_admin'])
    .executeTakeFirstOrThrow();
  // As auth/credentials.ts builds the principal: flags straight from the user row.
  holders[who] = { userId: u.id, isSupportAgent: u.is_support_agent, isAdmin: u.is_platform_admin };
}

async function makeOrg(): Promise<number> {
  const s = randomBytes(4).toString('hex');
  return (await db.insertInto('organization').values({ name: `Org ${s}`, handle: `org_${s}` }).returning('id').executeTakeFirstOrThrow()).id;
}

async function makeFleet(org: number, supportUntil: Date | null): Promise<number> {
  const s = randomBytes(4).toString('hex');
  const dt = await db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow();
  const appType = await db.selectFrom('application_type').select('id').where('slug', '=', 'microservices').executeTakeFirstOrThrow();
  const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const app = await db
    .insertInto('application')
    .values({
      actor: actor.id,
      app_name: `fleet${s}`,
      slug: `fleet_${s}`,
      uuid: randomBytes(16).toString('hex'),
      organization: org,
      is_for__device_type: dt.id,
      application_type: appType.id,
      is_accessible_by_support_until__date: supportUntil,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return app.id;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = database.db;
  await makeUser('orgAdmin');
  await makeUser('member');
  await makeUser('teamUser');
  await makeUser('support', { is_support_agent: true });
  await makeUser('admin', { is_platform_admin: true });
  await makeUser('adminMember', { is_platform_admin: true, is_support_agent: true });
  await makeUser('outsider');
  const o1 = await makeOrg();
  const o2 = await makeOrg();
  await makeOrg(); // an organization without fleets
  const supported = await makeFleet(o1, new Date(Date.now() + 3600_000));
  const expired = await makeFleet(o1, new Date(Date.now() - 3600_000));
  const other = await makeFleet(o2, null);
  const orgRole = (name: string) => roleId('organization_membership_role', name);
  const fleetRole = (name: string) => roleId('application_membership_role', name);
  const member = (who: Who, org: number, role: number) =>
    db.insertInto('organization_membership').values({ user: holders[who].userId, is_member_of__organization: org, organization_membership_role: role }).execute();
  await member('orgAdmin', o1, await orgRole('administrator'));
  await member('member', o1, await orgRole('member'));
  await member('adminMember', o2, await orgRole('member'));
  await db.insertInto('user_application_membership').values({ user: holders.member.userId, is_member_of__application: supported, application_membership_role: await fleetRole('developer') }).execute();
  await db.insertInto('user_application_membership').values({ user: holders.adminMember.userId, is_member_of__application: other, application_membership_role: await fleetRole('observer') }).execute();
  const team = await db.insertInto('team').values({ name: 'team', belongs_to__organization: o1 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('team_membership').values({ user: holders.teamUser.userId, is_member_of__team: team.id }).execute();
  await db.insertInto('team_application_access').values({ team: team.id, grants_access_to__application: expired, application_membership_role: await fleetRole('operator') }).execute();
}, 60_000);
afterAll(() => drop());

const cond = (c: RawBuilder<unknown> | boolean): RawBuilder<unknown> => (typeof c === 'boolean' ? (c ? sql`TRUE` : sql`FALSE`) : c);
const ids = async (q: RawBuilder<{ id: number }>): Promise<number[]> => (await q.execute(db)).rows.map((r) => r.id).sort((a, b) => a - b);
const roleList = (permission: string) => sql.join(rolesWithPermission(permission).map((r) => sql`${r}`));

const WHO = ['orgAdmin', 'member', 'teamUser', 'support', 'admin', 'adminMember', 'outsider'] as const;
const FLEET_PERMISSIONS = ['resin.application.read', 'resin.device.read', 'resin.device.update', 'resin.application.delete', 'resin.user_application_membership.create', 'resin.release.create'];
const ORG_PERMISSIONS = ['resin.organization.read', 'resin.organization.update', 'resin.organization.access_billing', 'resin.application.create', 'resin.team_membership.delete'];

describe('permission rule builders', () => {
  it.each(WHO)('fleet permissions of %s equal the full user_application_role view', async (who) => {
    const h = holders[who];
    for (const perm of FLEET_PERMISSIONS) {
      const expected = await ids(sql<{ id: number }>`SELECT a.id FROM application a WHERE EXISTS (
        SELECT 1 FROM user_application_role r WHERE r.user_id = ${h.userId} AND r.application_id = a.id AND r.role_name IN (${roleList(perm)}))`);
      const actual = await ids(sql<{ id: number }>`SELECT a.id FROM application a WHERE ${cond(userFleetPermission(h, perm, sql.ref('a.id')))}`);
      expect(actual, `${who} ${perm}`).toEqual(expected);
    }
  });

  it.each(WHO)('organization permissions of %s equal the full user_organization_role view', async (who) => {
    const h = holders[who];
    for (const perm of ORG_PERMISSIONS) {
      const expected = await ids(sql<{ id: number }>`SELECT o.id FROM organization o WHERE EXISTS (
        SELECT 1 FROM user_organization_role r WHERE r.user_id = ${h.userId} AND r.organization_id = o.id AND r.role_name IN (${roleList(perm)}))`);
      const actual = await ids(sql<{ id: number }>`SELECT o.id FROM organization o WHERE ${cond(userOrgPermission(h, perm, sql.ref('o.id')))}`);
      expect(actual, `${who} ${perm}`).toEqual(expected);
    }
    const expectedFleetOrgs = await ids(sql<{ id: number }>`SELECT o.id FROM organization o WHERE EXISTS (
      SELECT 1 FROM user_application_role r JOIN application ra ON ra.id = r.application_id WHERE r.user_id = ${h.userId} AND ra.organization = o.id)`);
    const fleetOrgs = await ids(sql<{ id: number }>`SELECT o.id FROM organization o WHERE ${cond(userHasFleetInOrg(h, sql.ref('o.id')))}`);
    expect(fleetOrgs, `${who} has a fleet in`).toEqual(expectedFleetOrgs);
  });

  it('grants staff roles only to flagged principals, and the fixture exercises every source', async () => {
    const read = (h: PermissionHolder) => ids(sql<{ id: number }>`SELECT a.id FROM application a WHERE ${cond(userFleetPermission(h, 'resin.application.read', sql.ref('a.id')))}`);
    expect(await read(holders.admin)).toHaveLength(3);
    expect(await read({ ...holders.admin, isAdmin: false })).toEqual([]);
    expect(await read(holders.support)).toHaveLength(1);
    expect(await read(holders.orgAdmin)).toHaveLength(2);
    expect(await read(holders.member)).toHaveLength(1);
    expect(await read(holders.teamUser)).toHaveLength(1);
    expect(await read(holders.outsider)).toEqual([]);
  });
});

describe('migration 0014', () => {
  // The 0009 definitions, evaluated inline, against the views as 0014 redefined them.
  const text = readFileSync(new URL('../../db/migrations/0009_access_views.sql', import.meta.url), 'utf8');
  const original = new Map([...text.matchAll(/CREATE VIEW (\w+) AS\n([\s\S]*?);/g)].map((m) => [m[1]!, m[2]!]));

  it.each(['user_application_role', 'user__has_direct_access_to__application', 'user_organization_role'])('%s keeps the rows of its 0009 definition', async (view) => {
    const before = original.get(view);
    expect(before, view).toBeDefined();
    const count = (q: RawBuilder<{ n: number }>) => q.execute(db).then((r) => r.rows[0]!.n);
    const now = sql.table(view);
    const old = sql.raw(before!);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM ${now}`)).toBeGreaterThan(0);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT * FROM ${now} EXCEPT ALL (${old})) x`)).toBe(0);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM ((${old}) EXCEPT ALL SELECT * FROM ${now}) x`)).toBe(0);
  });
});

describe('migration 0081', () => {
  const set = (q: RawBuilder<{ id: number }>) => ids(q);
  it.each(WHO)('the membership set functions of %s hold the rows of the lean views, for any role and for some', async (who) => {
    const u = holders[who].userId;
    for (const roles of [null, ['administrator'], ['developer', 'operator', 'member']]) {
      const arr = roles ? sql`ARRAY[${sql.join(roles.map((r) => sql`${r}`))}]::text[]` : sql`NULL::text[]`;
      const roleCond = roles ? sql`AND r.role_name IN (${sql.join(roles.map((r) => sql`${r}`))})` : sql``;
      expect(await set(sql<{ id: number }>`SELECT f.id FROM fleet_ids_with_role(${u}, ${arr}) AS f(id)`), `${who} fleets ${roles}`).toEqual(
        await set(sql<{ id: number }>`SELECT r.application_id AS id FROM user_application_member_role r WHERE r.user_id = ${u} ${roleCond}`),
      );
      expect(await set(sql<{ id: number }>`SELECT f.id FROM organization_ids_with_role(${u}, ${arr}) AS f(id)`), `${who} organizations ${roles}`).toEqual(
        await set(sql<{ id: number }>`SELECT r.organization_id AS id FROM user_organization_member_role r WHERE r.user_id = ${u} ${roleCond}`),
      );
    }
  });

  it('answers from the tables as they are now, not from a cached result (a revoked role is gone at once)', async () => {
    const u = holders.member.userId;
    const read = () => ids(sql<{ id: number }>`SELECT a.id FROM application a WHERE ${cond(userFleetPermission(holders.member, 'resin.device.update', sql.ref('a.id')))}`);
    // More than the calls after which PostgreSQL switches a PL/pgSQL query to a cached generic plan.
    for (let i = 0; i < 8; i++) await read();
    const before = await read();
    expect(before).toHaveLength(1);
    const removed = await db.deleteFrom('user_application_membership').where('user', '=', u).returningAll().execute();
    expect(await read()).toEqual([]);
    await db.insertInto('user_application_membership').values(removed.map(({ id: _id, ...row }) => row)).execute();
    expect(await read()).toEqual(before);
  });
});
