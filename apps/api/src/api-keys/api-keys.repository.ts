import type { Db } from '../db/database.ts';
import { hasBeenHeardFrom } from '../devices/heard-from.ts';

export interface NewApiKey {
  actor: number;
  keyHash: string;
  name: string | null;
  description: string | null;
  expiryDate: Date | null;
}

export async function insertApiKey(db: Db, key: NewApiKey): Promise<number> {
  const row = await db
    .insertInto('api_key')
    .values({
      is_of__actor: key.actor,
      key_hash: key.keyHash,
      name: key.name,
      description: key.description,
      expiry_date: key.expiryDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function isUserEmailVerified(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('user').select('is_verified').where('id', '=', userId).executeTakeFirst();
  return row?.is_verified === true;
}

export async function findApiKeyActorByHash(db: Db, keyHash: string): Promise<number | undefined> {
  const row = await db.selectFrom('api_key').select('is_of__actor').where('key_hash', '=', keyHash).executeTakeFirst();
  return row?.is_of__actor;
}

export async function findApplicationActor(db: Db, applicationId: number): Promise<{ id: number; actor: number } | undefined> {
  return db.selectFrom('application').select(['id', 'actor']).where('id', '=', applicationId).executeTakeFirst();
}

/** The device's actor and what decides who may set its key; `lock` takes its row for the caller's transaction. */
export async function findDeviceActor(
  db: Db,
  deviceId: number,
  { lock = false } = {},
): Promise<{ id: number; actor: number; belongs_to__application: number | null; has_connected: boolean; is_frozen: boolean } | undefined> {
  const q = db
    .selectFrom('device')
    .select(['id', 'actor', 'belongs_to__application', 'is_frozen'])
    .select(hasBeenHeardFrom().as('has_connected'))
    .where('id', '=', deviceId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** True when the user holds one of `roles` on the fleet (view user_application_role, 0009). */
export async function userHasFleetRole(db: Db, userId: number, applicationId: number, roles: readonly string[]): Promise<boolean> {
  if (roles.length === 0) return false;
  const row = await db
    .selectFrom('user_application_role')
    .select('application_id')
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .where('role_name', 'in', roles)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every key of `actor` but the one with `keepHash`. */
export async function deleteApiKeysExcept(db: Db, actor: number, keepHash: string): Promise<void> {
  await db.deleteFrom('api_key').where('is_of__actor', '=', actor).where('key_hash', '<>', keepHash).execute();
}

/** Every key of `actor`. */
export async function deleteApiKeysOf(db: Db, actor: number): Promise<void> {
  await db.deleteFrom('api_key').where('is_of__actor', '=', actor).execute();
}
