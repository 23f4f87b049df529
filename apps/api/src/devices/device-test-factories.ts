import { randomBytes } from 'node:crypto';
import { dynamicDb, type Db } from '../db/database.ts';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';

/**
 * Rows for the device-protocol integration tests, written directly with Kysely so these
 * tests depend only on the schema. Reference data (device types, roles, application types)
 * comes from the seed migration.
 */

export interface TestFleetWithKey {
  organizationId: number;
  applicationId: number;
  applicationUuid: string;
  provisioningKey: string;
}

async function idOf(db: Db, table: string, column: string, value: string): Promise<number> {
  const row = await dynamicDb(db).selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow();
  return row.id as number;
}

/** An organization, a fleet of `deviceType` and a provisioning key for it. */
export async function createFleetWithProvisioningKey(db: Db, deviceType = 'raspberrypi4-64'): Promise<TestFleetWithKey> {
  const suffix = randomBytes(5).toString('hex');
  const org = await db.insertInto('organization').values({ name: `Org ${suffix}`, handle: `org_${suffix}` }).returning('id').executeTakeFirstOrThrow();
  const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const uuid = randomBytes(16).toString('hex');
  const app = await db
    .insertInto('application')
    .values({
      actor: actor.id,
      app_name: `fleet${suffix}`,
      slug: `org_${suffix}/fleet${suffix}`,
      uuid,
      organization: org.id,
      is_for__device_type: await idOf(db, 'device_type', 'slug', deviceType),
      application_type: await idOf(db, 'application_type', 'slug', 'microservices'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const provisioningKey = generateApiKeySecret();
  await db.insertInto('api_key').values({ key_hash: hashApiKey(provisioningKey), is_of__actor: actor.id, name: 'provisioning' }).execute();
  return { organizationId: org.id as number, applicationId: app.id as number, applicationUuid: uuid, provisioningKey };
}

/** A user with a named API key, member of the fleet with `role` (or of no fleet when role is null). */
export async function createUserWithKey(db: Db, applicationId: number, role: string | null): Promise<{ userId: number; apiKey: string }> {
  const suffix = randomBytes(5).toString('hex');
  const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('user')
    .values({ actor: actor.id, username: `u_${suffix}`, email: `u.${suffix}@example.com` })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (role) {
    await db
      .insertInto('user_application_membership')
      .values({ user: user.id, is_member_of__application: applicationId, application_membership_role: await idOf(db, 'application_membership_role', 'name', role) })
      .execute();
  }
  const apiKey = generateApiKeySecret();
  await db.insertInto('api_key').values({ key_hash: hashApiKey(apiKey), is_of__actor: actor.id, name: 'user key' }).execute();
  return { userId: user.id as number, apiKey };
}

export interface TestRelease {
  releaseId: number;
  commit: string;
  serviceId: number;
  imageId: number;
  imageLocation: string;
  releaseImageId: number;
}

/** A successful release with one service `main` and its image, optionally made the fleet's target. */
export async function createRelease(db: Db, applicationId: number, opts: { makeTarget?: boolean; serviceName?: string } = {}): Promise<TestRelease> {
  const commit = randomBytes(16).toString('hex');
  const serviceName = opts.serviceName ?? 'main';
  const existing = await db
    .selectFrom('service')
    .select('id')
    .where('application', '=', applicationId)
    .where('service_name', '=', serviceName)
    .executeTakeFirst();
  const serviceId = (existing?.id ??
    (await db.insertInto('service').values({ application: applicationId, service_name: serviceName }).returning('id').executeTakeFirstOrThrow()).id) as number;
  const release = await db
    .insertInto('release')
    .values({
      belongs_to__application: applicationId,
      commit,
      status: 'success',
      composition: JSON.stringify({ services: { [serviceName]: { build: '.', labels: { 'io.balena.features.dbus': '1' } } } }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const imageLocation = `registry.local/v2/${randomBytes(8).toString('hex')}`;
  const image = await db
    .insertInto('image')
    .values({ is_a_build_of__service: serviceId, is_stored_at__image_location: imageLocation, status: 'success' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ri = await db.insertInto('release_image').values({ image: image.id, is_part_of__release: release.id }).returning('id').executeTakeFirstOrThrow();
  if (opts.makeTarget) {
    await db.updateTable('application').set({ should_be_running__release: release.id }).where('id', '=', applicationId).execute();
  }
  return { releaseId: release.id as number, commit, serviceId, imageId: image.id as number, imageLocation, releaseImageId: ri.id as number };
}

export function newDeviceUuid(): string {
  return randomBytes(16).toString('hex');
}
