import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { FLEET_ROLES } from '@flotilla/core/roles';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { dynamicDb, type Db } from '../../db/database.ts';
import { generateApiKeySecret, hashApiKey } from '../../api-keys/api-key-secret.ts';
import { fresh, signUp, type SignedUp } from './test-world.ts';

/**
 * What the permission matrices share (model/access/permissions-matrix*.int.test.ts,
 * organizations/org-permission-matrix.int.test.ts): one app and database per file with each
 * named user signed up once, calls as a principal, row counts, and the case × principal loop.
 * Then the fleet matrix's world: an organization with a fleet, device, release, team, and the
 * principals of fleets spec §6 — every fleet role, organization member and administrator, a
 * team developer, an outsider, platform staff, and the world's own device key and
 * provisioning key (known secrets, stored hashed as the API stores keys).
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface MatrixApp<N extends string> {
  ctx: TestContext;
  db: Db;
  users: Record<N, SignedUp>;
}

/** Registers the file's beforeAll/afterAll: a fresh app and database, each of `names` signed up. */
export function matrixApp<N extends string>(names: readonly N[]): MatrixApp<N> {
  const m = { users: {} } as MatrixApp<N>;
  beforeAll(async () => {
    m.ctx = await createTestApp();
    m.db = m.ctx.database.db;
    for (const name of names) m.users[name] = await signUp(m.ctx, name);
  }, 120_000);
  afterAll(async () => m.ctx?.close());
  return m;
}

export function send(ctx: TestContext, credential: string | undefined, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const headers = credential ? { authorization: `Bearer ${credential}` } : {};
  return ctx.app.inject({ method, url, payload: payload as object | undefined, headers });
}

export async function rowCount(db: Db, table: string, where: Record<string, unknown>): Promise<number> {
  let q = dynamicDb(db).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export const exists = async (db: Db, table: string, where: Record<string, unknown>) => (await rowCount(db, table, where)) > 0;

type RoleTable = 'organization_membership_role' | 'application_membership_role';
const roleIds = new WeakMap<Db, Map<string, number>>();
/** A role's id (reference data, the same for the whole database: cached). */
export async function roleId(db: Db, table: RoleTable, name: string): Promise<number> {
  const cache = roleIds.get(db) ?? new Map<string, number>();
  roleIds.set(db, cache);
  const key = `${table}:${name}`;
  if (!cache.has(key)) cache.set(key, (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id as number);
  return cache.get(key)!;
}

/** What a case did: the reply of a write (when there is one) and whether it took effect in the database. */
export interface Outcome {
  res?: LightMyRequestResponse;
  effect: boolean;
}

export interface MatrixCase<Who extends string, W> {
  name: string;
  allowed: readonly Who[];
  run(who: Who, w: W): Promise<Outcome>;
}

/** One test per case × principal, each on a world of its own, so cases and principals are independent. */
export function describeMatrix<Who extends string, W, C extends MatrixCase<Who, W>>(
  cases: readonly C[],
  principals: readonly Who[],
  makeWorld: () => Promise<W>,
  check: (c: C, who: Who, outcome: Outcome, allowed: boolean) => void,
): void {
  // A loop rather than describe.each: `$name` titles are cut at 40 characters.
  for (const c of cases) {
    describe(c.name, () => {
      it.each(principals.map((who) => ({ who, allowed: c.allowed.includes(who) })))('$who → allowed: $allowed', async ({ who, allowed }) => {
        const outcome = await c.run(who, await makeWorld());
        expect(outcome.effect, outcome.res?.body).toBe(allowed);
        check(c, who, outcome, allowed);
      });
    });
  }
}

// ——— The fleet matrix ———

const USER_PRINCIPALS = [
  ...[...FLEET_ROLES].reverse(),
  'org-member',
  'org-admin',
  'team-developer',
  'outsider',
  // Platform staff (fleets spec §6 "Other roles", accounts spec §6): flags on the user row.
  'support-agent',
  'platform-admin',
] as const;
export type UserWho = (typeof USER_PRINCIPALS)[number];
/** The world's device's own key and its fleet's provisioning key. */
export const PRINCIPALS = [...USER_PRINCIPALS, 'device-key', 'provisioning-key'] as const;
export type Who = (typeof PRINCIPALS)[number];
export const isUser = (who: Who): who is UserWho => who !== 'device-key' && who !== 'provisioning-key';

/** Who holds which fleet permissions on the world's fleet (packages/core/src/roles.ts; org administrators are fleet administrators). */
export const FLEET_MEMBERS: readonly Who[] = [...FLEET_ROLES, 'org-admin', 'team-developer'];
export const FLEET_READERS: readonly Who[] = [...FLEET_MEMBERS, 'support-agent', 'platform-admin'];
/** resin.device.update, device variables and tags, API keys: safe-operator and up. */
export const SAFE_OPERATORS: readonly Who[] = ['safe-operator', 'operator', 'safe-developer', 'developer', 'administrator', 'org-admin', 'team-developer'];
/** resin.device.move, device configuration variables: operator and up (safe-developer is "like operator without delete"). */
export const OPERATORS: readonly Who[] = SAFE_OPERATORS.filter((w) => w !== 'safe-operator');
/** Fleet variables, release create/update, release tags create/update. */
export const SAFE_DEVELOPERS: readonly Who[] = ['safe-developer', 'developer', 'administrator', 'org-admin', 'team-developer'];
export const DEVELOPERS: readonly Who[] = ['developer', 'administrator', 'org-admin', 'team-developer'];
export const ADMINISTRATORS: readonly Who[] = ['administrator', 'org-admin'];

export interface FleetWorld {
  orgId: number;
  fleetId: number;
  fleetActor: number;
  deviceId: number;
  deviceTypeId: number;
  releaseId: number;
  releaseTagId: number;
  /** The team-developer's team (developer access to the fleet). */
  teamId: number;
  provisioningKeyId: number;
  deviceKey: string;
  provisioningKey: string;
}

export interface FleetMatrix extends MatrixApp<UserWho> {
  /** Another owner's organization with a fleet, device and release: no principal may write there (the platform admin reads it). */
  elsewhere: Pick<FleetWorld, 'orgId' | 'fleetId' | 'deviceId' | 'releaseId'>;
  makeWorld(): Promise<FleetWorld>;
  /** A second fleet of the world's organization with a release; `sameRoles`: every principal holds there the role it holds on the first. */
  secondFleet(w: FleetWorld, sameRoles: boolean): Promise<{ fleetId: number; releaseId: number }>;
  call(who: Who, w: FleetWorld, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  count(table: string, where: Record<string, unknown>): Promise<number>;
}

interface Types {
  deviceType: number;
  applicationType: number;
}

async function insertFleet(db: Db, orgId: number, types: Types) {
  const s = fresh();
  const actor = (await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id as number;
  const fleet = await db
    .insertInto('application')
    .values({
      actor,
      app_name: `fleet${s}`,
      slug: `org_${s}/fleet${s}`,
      uuid: randomBytes(16).toString('hex'),
      organization: orgId,
      is_for__device_type: types.deviceType,
      application_type: types.applicationType,
      // Support access granted for the next hour: the support agent may look, not touch.
      is_accessible_by_support_until__date: new Date(Date.now() + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const release = await db
    .insertInto('release')
    .values({ belongs_to__application: fleet.id, commit: randomBytes(16).toString('hex'), status: 'success' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { fleetId: fleet.id as number, actor, releaseId: release.id as number };
}

async function insertDevice(db: Db, fleetId: number, deviceTypeId: number) {
  const actor = (await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id as number;
  const device = await db
    .insertInto('device')
    .values({ actor, uuid: randomBytes(16).toString('hex'), device_name: `dev${fresh()}`, belongs_to__application: fleetId, is_of__device_type: deviceTypeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { deviceId: device.id as number, actor };
}

const insertOrg = async (db: Db) => {
  const s = fresh();
  return (await db.insertInto('organization').values({ name: `Org ${s}`, handle: `org_${s}` }).returning('id').executeTakeFirstOrThrow()).id as number;
};

/** The fleet matrix for one test file: registers its hooks; use the returned object inside tests. */
export function fleetMatrix(): FleetMatrix {
  const m = matrixApp(USER_PRINCIPALS) as FleetMatrix;
  const types = {} as Types;
  const fleetRoleIds = () => Promise.all(FLEET_ROLES.map((r) => roleId(m.db, 'application_membership_role', r)));

  /** Direct fleet memberships of the six fleet-role principals, and the team's developer access. */
  async function grantRoles(fleetId: number, teamId: number) {
    const ids = await fleetRoleIds();
    await m.db
      .insertInto('user_application_membership')
      .values(FLEET_ROLES.map((role, i) => ({ user: m.users[role].userId, is_member_of__application: fleetId, application_membership_role: ids[i]! })))
      .execute();
    await m.db
      .insertInto('team_application_access')
      .values({ team: teamId, grants_access_to__application: fleetId, application_membership_role: await roleId(m.db, 'application_membership_role', 'developer') })
      .execute();
  }

  beforeAll(async () => {
    await m.db.updateTable('user').set({ is_support_agent: true }).where('id', '=', m.users['support-agent'].userId).execute();
    await m.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', m.users['platform-admin'].userId).execute();
    types.deviceType = (await m.db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow()).id as number;
    types.applicationType = (await m.db.selectFrom('application_type').select('id').where('slug', '=', 'microservices').executeTakeFirstOrThrow()).id as number;
    const orgId = await insertOrg(m.db);
    const fleet = await insertFleet(m.db, orgId, types);
    // Without support access: the support agent cannot reach it either.
    await m.db.updateTable('application').set({ is_accessible_by_support_until__date: null }).where('id', '=', fleet.fleetId).execute();
    m.elsewhere = { orgId, fleetId: fleet.fleetId, releaseId: fleet.releaseId, deviceId: (await insertDevice(m.db, fleet.fleetId, types.deviceType)).deviceId };
  }, 60_000);

  /**
   * One statement (data-modifying CTEs): the world is built once per case × principal, about a
   * thousand times a run, and statement round trips were most of its cost.
   */
  m.makeWorld = async () => {
    const s = fresh();
    const deviceKey = generateApiKeySecret();
    const provisioningKey = generateApiKeySecret();
    const member = await roleId(m.db, 'organization_membership_role', 'member');
    const admin = await roleId(m.db, 'organization_membership_role', 'administrator');
    const orgRoles = [...[...FLEET_ROLES, 'org-member', 'team-developer'].map((who) => [who, member] as const), ['org-admin', admin] as const];
    const fleetRoles = await fleetRoleIds();
    const pairs = (rows: ReadonlyArray<readonly [string, number]>) =>
      sql.join(rows.map(([who, role]) => sql`(${m.users[who as UserWho].userId}::int, ${role}::int)`));
    const { rows } = await sql<Record<'org' | 'fleet_actor' | 'fleet' | 'device' | 'release' | 'tag' | 'team' | 'prov_key', number>>`
      WITH o AS (INSERT INTO organization (name, handle) VALUES (${`Org ${s}`}, ${`org_${s}`}) RETURNING id),
        fa AS (INSERT INTO actor DEFAULT VALUES RETURNING id),
        da AS (INSERT INTO actor DEFAULT VALUES RETURNING id),
        f AS (INSERT INTO application (actor, app_name, slug, uuid, organization, is_for__device_type, application_type, is_accessible_by_support_until__date)
              SELECT fa.id, ${`fleet${s}`}, ${`org_${s}/fleet${s}`}, ${randomBytes(16).toString('hex')}, o.id, ${types.deviceType}, ${types.applicationType}, now() + interval '1 hour'
              FROM fa, o RETURNING id),
        d AS (INSERT INTO device (actor, uuid, device_name, belongs_to__application, is_of__device_type)
              SELECT da.id, ${randomBytes(16).toString('hex')}, ${`dev${s}`}, f.id, ${types.deviceType} FROM da, f RETURNING id),
        r AS (INSERT INTO release (belongs_to__application, commit, status) SELECT f.id, ${randomBytes(16).toString('hex')}, 'success' FROM f RETURNING id),
        rt AS (INSERT INTO release_tag (release, tag_key, value) SELECT r.id, 'existing', 'x' FROM r RETURNING id),
        pk AS (INSERT INTO api_key (key_hash, is_of__actor, name) SELECT ${hashApiKey(provisioningKey)}, fa.id, 'prov' FROM fa RETURNING id),
        dk AS (INSERT INTO api_key (key_hash, is_of__actor, name) SELECT ${hashApiKey(deviceKey)}, da.id, 'device' FROM da RETURNING id),
        om AS (INSERT INTO organization_membership ("user", is_member_of__organization, organization_membership_role)
               SELECT v.u, o.id, v.r FROM o, (VALUES ${pairs(orgRoles)}) AS v(u, r) RETURNING id),
        t AS (INSERT INTO team (name, belongs_to__organization) SELECT ${`team${s}`}, o.id FROM o RETURNING id),
        tm AS (INSERT INTO team_membership ("user", is_member_of__team) SELECT ${m.users['team-developer'].userId}, t.id FROM t RETURNING id),
        uam AS (INSERT INTO user_application_membership ("user", is_member_of__application, application_membership_role)
                SELECT v.u, f.id, v.r FROM f, (VALUES ${pairs(FLEET_ROLES.map((role, i) => [role, fleetRoles[i]!] as const))}) AS v(u, r) RETURNING id),
        taa AS (INSERT INTO team_application_access (team, grants_access_to__application, application_membership_role)
                SELECT t.id, f.id, ${await roleId(m.db, 'application_membership_role', 'developer')} FROM t, f RETURNING id)
      SELECT o.id AS org, fa.id AS fleet_actor, f.id AS fleet, d.id AS device, r.id AS release, rt.id AS tag, t.id AS team, pk.id AS prov_key
        FROM o, fa, f, d, r, rt, t, pk`.execute(m.db);
    const row = rows[0]!;
    return {
      orgId: row.org,
      fleetId: row.fleet,
      fleetActor: row.fleet_actor,
      deviceId: row.device,
      deviceTypeId: types.deviceType,
      releaseId: row.release,
      releaseTagId: row.tag,
      teamId: row.team,
      provisioningKeyId: row.prov_key,
      deviceKey,
      provisioningKey,
    };
  };

  m.secondFleet = async (w, sameRoles) => {
    const fleet = await insertFleet(m.db, w.orgId, types);
    if (sameRoles) await grantRoles(fleet.fleetId, w.teamId);
    return { fleetId: fleet.fleetId, releaseId: fleet.releaseId };
  };

  m.call = (who, w, method, url, payload) => {
    const credential = who === 'device-key' ? w.deviceKey : who === 'provisioning-key' ? w.provisioningKey : m.users[who].token;
    return send(m.ctx, credential, method, url, payload);
  };
  m.count = (table, where) => rowCount(m.db, table, where);
  return m;
}

/** Reads: the reply is 200 and the effect is how many rows came back. */
export async function readRows(m: FleetMatrix, who: Who, w: FleetWorld, url: string): Promise<number> {
  const res = await m.call(who, w, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().d as unknown[]).length;
}

/**
 * The fleet matrix's cases: allowed principals get a 2xx, every other an authorization answer
 * (401 visible but forbidden, 403 a field or reference it may not write, 404 a row it cannot
 * see), or one of `deniedAlso` (a domain rule's 400 for a caller who may see both rows).
 */
export interface FleetCase extends MatrixCase<Who, FleetWorld> {
  deniedAlso?: readonly number[];
}

export function describeFleetMatrix(m: FleetMatrix, cases: readonly FleetCase[]): void {
  describeMatrix(cases, PRINCIPALS, () => m.makeWorld(), (c, _who, { res }, allowed) => {
    if (!res) return;
    if (allowed) expect(res.statusCode, res.body).toBeLessThan(300);
    else expect([401, 403, 404, ...(c.deniedAlso ?? [])], res.body).toContain(res.statusCode);
  });
}
