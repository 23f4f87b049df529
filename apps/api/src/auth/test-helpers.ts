import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { dynamicDb, type Db } from '../db/database.ts';
import type { SessionClaims } from './tokens.ts';

/**
 * Factories for the auth, API-key and config integration tests: every test makes its own
 * user and fleet with unique names, so tests run in any order against one database.
 */
export interface TestUser {
  email: string;
  password: string;
  token: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.com`;
}

export async function signUp(app: FastifyInstance, email = uniqueEmail(), password = 'correct horse battery'): Promise<TestUser> {
  const res = await app.inject({ method: 'POST', url: '/user/register', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(201);
  return { email, password, token: res.body };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export async function whoamiOf(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'GET', url: '/actor/v1/whoami', headers: bearer(token) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Role rows are reference data; tests insert the ones they use when missing. */
async function ensureRow(typed: Db, table: string, values: Record<string, unknown>, key: string): Promise<number> {
  const db = dynamicDb(typed); // `table` is the caller's
  await db.insertInto(table).values(values).onConflict((oc) => oc.column(key).doNothing()).execute();
  const row = await db.selectFrom(table).select('id').where(key, '=', values[key]).executeTakeFirstOrThrow();
  return row.id as number;
}

export interface TestFleet {
  organizationId: number;
  applicationId: number;
  applicationActor: number;
  slug: string;
  deviceTypeId: number;
}

/** An organization with a fleet (rows written directly: this area does not depend on OData). */
export async function createFleet(db: Db): Promise<TestFleet> {
  const suffix = randomBytes(4).toString('hex');
  const arch = await ensureRow(db, 'cpu_architecture', { slug: 'aarch64' }, 'slug');
  const deviceTypeId = await ensureRow(db, 'device_type', { slug: 'raspberrypi4-64', name: 'Raspberry Pi 4', is_of__cpu_architecture: arch }, 'slug');
  await db
    .insertInto('device_type_alias')
    .values({ device_type: deviceTypeId, is_referenced_by__alias: 'raspberrypi4-64' })
    .onConflict((oc) => oc.column('is_referenced_by__alias').doNothing())
    .execute();
  const appType = await ensureRow(db, 'application_type', { slug: 'microservices', name: 'Microservices' }, 'slug');
  const org = await db.insertInto('organization').values({ name: `Org ${suffix}`, handle: `org_${suffix}` }).returning('id').executeTakeFirstOrThrow();
  const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const slug = `org_${suffix}/fleet${suffix}`;
  const app = await db
    .insertInto('application')
    .values({
      actor: actor.id,
      app_name: `fleet${suffix}`,
      slug,
      uuid: randomBytes(16).toString('hex'),
      organization: org.id,
      is_for__device_type: deviceTypeId,
      application_type: appType,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organizationId: org.id as number, applicationId: app.id as number, applicationActor: actor.id as number, slug, deviceTypeId };
}

export async function createDevice(db: Db, fleet: TestFleet): Promise<{ id: number; uuid: string; actor: number }> {
  const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const uuid = randomBytes(16).toString('hex');
  const device = await db
    .insertInto('device')
    .values({ actor: actor.id, uuid, device_name: `dev-${uuid.slice(0, 6)}`, belongs_to__application: fleet.applicationId, is_of__device_type: fleet.deviceTypeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: device.id as number, uuid, actor: actor.id as number };
}

async function userIdByEmail(db: Db, email: string): Promise<number> {
  const row = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id as number;
}

/** Gives the user a fleet role directly (user_application_membership). */
export async function grantFleetRole(db: Db, email: string, fleet: TestFleet, role: string): Promise<void> {
  const roleId = await ensureRow(db, 'application_membership_role', { name: role }, 'name');
  await db
    .insertInto('user_application_membership')
    .values({ user: await userIdByEmail(db, email), is_member_of__application: fleet.applicationId, application_membership_role: roleId })
    .execute();
}

/** Makes the user an administrator of the fleet's organization. */
export async function makeOrgAdmin(db: Db, email: string, fleet: TestFleet): Promise<void> {
  const roleId = await ensureRow(db, 'organization_membership_role', { name: 'administrator' }, 'name');
  await db
    .insertInto('organization_membership')
    .values({ user: await userIdByEmail(db, email), is_member_of__organization: fleet.organizationId, organization_membership_role: roleId })
    .execute();
}

/** The session claims of a token issued by this server (for re-signing variants in tests). */
export function sessionClaimsOf(token: string): SessionClaims {
  const { id, actor, username, email, jwt_secret, authTime } = decodeJwt(token) as unknown as SessionClaims;
  return { id, actor, username, email, jwt_secret, authTime };
}
