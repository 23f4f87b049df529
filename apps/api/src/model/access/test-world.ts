import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { dynamicDb, type Db } from '../../db/database.ts';
import type { TestContext } from '../../test/harness.ts';
import { generateApiKeySecret, hashApiKey } from '../../api-keys/api-key-secret.ts';

/**
 * One owner's world for the write-attack tests: a signed-up user who administers an
 * organization with a fleet, device (and its device key), provisioning key, release, service,
 * image, team, identity provider… Rows are written straight to the database (the tests are
 * about what the API then lets others do with them); users sign up through the API.
 */
export interface World {
  token: string;
  userId: number;
  /** Another user, member of this organization but of no fleet or team: someone to add. */
  colleagueId: number;
  /** A user who shares a second organization with the owner but is not in `orgId`. */
  acquaintanceId: number;
  orgId: number;
  secondOrgId: number;
  fleetId: number;
  fleetActor: number;
  deviceId: number;
  deviceKey: string;
  provisioningKey: string;
  releaseId: number;
  serviceId: number;
  serviceInstallId: number;
  imageId: number;
  releaseImageId: number;
  teamId: number;
  membershipId: number;
  idpId: number;
  deviceTypeId: number;
  /** Reference data ids: organization role `member`, fleet role `developer`, a billing feature. */
  orgMemberRoleId: number;
  fleetDeveloperRoleId: number;
  featureId: number;
}

export const fresh = () => randomBytes(4).toString('hex');

async function idOf(db: Db, table: string, column: string, value: string): Promise<number> {
  return (await dynamicDb(db).selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id as number;
}

export interface SignedUp {
  token: string;
  userId: number;
  username: string;
}

export async function signUp(ctx: TestContext, who: string): Promise<SignedUp> {
  const email = `${who}.${fresh()}@example.com`;
  const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email, password: 'correct horse battery' } });
  expect(res.statusCode, res.body).toBe(201);
  const row = await ctx.database.db.selectFrom('user').select(['id', 'username']).where('email', '=', email).executeTakeFirstOrThrow();
  return { token: res.body, userId: row.id as number, username: row.username as string };
}

async function keyFor(db: Db, actor: number): Promise<string> {
  const key = generateApiKeySecret();
  await db.insertInto('api_key').values({ key_hash: hashApiKey(key), is_of__actor: actor, name: 'k' }).execute();
  return key;
}

export async function makeWorld(ctx: TestContext, who: string): Promise<World> {
  const db = ctx.database.db;
  const s = fresh();
  const owner = await signUp(ctx, who);
  const colleague = await signUp(ctx, `${who}-colleague`);
  const acquaintance = await signUp(ctx, `${who}-acquaintance`);
  const orgAdmin = await idOf(db, 'organization_membership_role', 'name', 'administrator');
  const orgMember = await idOf(db, 'organization_membership_role', 'name', 'member');
  const deviceTypeId = await idOf(db, 'device_type', 'slug', 'raspberrypi4-64');
  const org = await db.insertInto('organization').values({ name: `Org ${s}`, handle: `org_${s}` }).returning('id').executeTakeFirstOrThrow();
  const org2 = await db.insertInto('organization').values({ name: `Org2 ${s}`, handle: `org2_${s}` }).returning('id').executeTakeFirstOrThrow();
  const membership = await db
    .insertInto('organization_membership')
    .values({ user: owner.userId, is_member_of__organization: org.id, organization_membership_role: orgAdmin })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('organization_membership').values({ user: colleague.userId, is_member_of__organization: org.id, organization_membership_role: orgMember }).execute();
  await db.insertInto('organization_membership').values({ user: owner.userId, is_member_of__organization: org2.id, organization_membership_role: orgAdmin }).execute();
  await db.insertInto('organization_membership').values({ user: acquaintance.userId, is_member_of__organization: org2.id, organization_membership_role: orgMember }).execute();
  const fleetActor = (await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id as number;
  const fleet = await db
    .insertInto('application')
    .values({
      actor: fleetActor,
      app_name: `fleet${s}`,
      slug: `org_${s}/fleet${s}`,
      uuid: randomBytes(16).toString('hex'),
      organization: org.id,
      is_for__device_type: deviceTypeId,
      application_type: await idOf(db, 'application_type', 'slug', 'microservices'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const service = await db.insertInto('service').values({ application: fleet.id, service_name: 'main' }).returning('id').executeTakeFirstOrThrow();
  const deviceActor = (await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id as number;
  const device = await db
    .insertInto('device')
    .values({ actor: deviceActor, uuid: randomBytes(16).toString('hex'), device_name: `dev${s}`, belongs_to__application: fleet.id, is_of__device_type: deviceTypeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const serviceInstall = await db.selectFrom('service_install').select('id').where('device', '=', device.id).executeTakeFirstOrThrow();
  const release = await db
    .insertInto('release')
    .values({ belongs_to__application: fleet.id, commit: randomBytes(16).toString('hex'), status: 'success' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const image = await db
    .insertInto('image')
    .values({ is_a_build_of__service: service.id, is_stored_at__image_location: `registry.local/v2/${s}`, status: 'success' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const release2 = await db
    .insertInto('release')
    .values({ belongs_to__application: fleet.id, commit: randomBytes(16).toString('hex'), status: 'success' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const releaseImage = await db.insertInto('release_image').values({ image: image.id, is_part_of__release: release2.id }).returning('id').executeTakeFirstOrThrow();
  const team = await db.insertInto('team').values({ name: `team${s}`, belongs_to__organization: org.id }).returning('id').executeTakeFirstOrThrow();
  const idp = await db
    .insertInto('identity_provider')
    .values({ sso_identifier: `sso${s}`, entry_point: 'https://idp.example.com/sso', issuer: `issuer${s}`, certificate: 'MIIB' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('identity_provider_membership').values({ is_authorized_by__identity_provider: idp.id, authorizes__organization: org2.id }).execute();
  // A provider may authorize an organization only on a plan with saml_access (accounts spec §6).
  const samlPlan = await db.selectFrom('plan').select('id').where('billing_code', '=', 'production-v2').executeTakeFirstOrThrow();
  await db.insertInto('subscription').values({ is_for__organization: org.id, is_for__plan: samlPlan.id }).execute();
  return {
    token: owner.token,
    userId: owner.userId,
    colleagueId: colleague.userId,
    acquaintanceId: acquaintance.userId,
    orgId: org.id,
    secondOrgId: org2.id,
    fleetId: fleet.id,
    fleetActor,
    deviceId: device.id,
    deviceKey: await keyFor(db, deviceActor),
    provisioningKey: await keyFor(db, fleetActor),
    releaseId: release.id,
    serviceId: service.id,
    serviceInstallId: serviceInstall.id as number,
    imageId: image.id,
    releaseImageId: releaseImage.id,
    teamId: team.id,
    membershipId: membership.id,
    idpId: idp.id,
    deviceTypeId,
    orgMemberRoleId: orgMember,
    fleetDeveloperRoleId: await idOf(db, 'application_membership_role', 'name', 'developer'),
    // The feature credits are bought for, and their notifications kept for (billing/credits.service.ts).
    featureId: (await db.selectFrom('feature').select('id').where('slug', '=', 'device:any').executeTakeFirstOrThrow()).id as number,
  };
}
