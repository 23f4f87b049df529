import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared.ts';

/** Queries on users and their actors for sign-in; no rules here (auth.service.ts has them). */
export interface UserAuthRow {
  id: number;
  actor: number;
  username: string;
  email: string | null;
  password_hash: string | null;
  jwt_secret: string;
  is_platform_admin: boolean;
  is_support_agent: boolean;
  tokens_valid_after: Date | null;
  /** Two-factor on: tokens carry `twoFactorRequired` (true at sign-in until the code is given). */
  is_2fa_enabled: boolean;
}

const USER_AUTH_COLUMNS = [
  'id',
  'actor',
  'username',
  'email',
  'password_hash',
  'jwt_secret',
  'is_platform_admin',
  'is_support_agent',
  'tokens_valid_after',
  'is_2fa_enabled',
] as const;

export async function findUserById(db: Db, id: number): Promise<UserAuthRow | undefined> {
  return db.selectFrom('user').select(USER_AUTH_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Users by id, for the session checks of many requests at once (auth/credential-reads.ts). */
export async function findUsersByIds(db: Db, ids: readonly number[]): Promise<UserAuthRow[]> {
  return db
    .selectFrom('user')
    .select(USER_AUTH_COLUMNS)
    .where(sql<boolean>`id = ANY(${ids}::int[])`)
    .modifyEnd(preparedStatement)
    .execute();
}

/** `login` is an email (matched case-insensitively; emails are stored lower-case) or a username. */
export async function findUserByLogin(db: Db, login: string): Promise<UserAuthRow | undefined> {
  return db
    .selectFrom('user')
    .select(USER_AUTH_COLUMNS)
    .where((eb) => eb.or([eb('email', '=', login.toLowerCase()), eb('username', '=', login)]))
    .orderBy('id')
    .executeTakeFirst();
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** Which of the candidate usernames already exist. */
export async function listTakenUsernames(db: Db, candidates: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('user').select('username').where('username', 'in', candidates).execute();
  return new Set(rows.map((r) => r.username));
}

export interface NewUser {
  email: string;
  username: string;
  /** Null for an account made by social sign-in: no password until the user sets one. */
  passwordHash: string | null;
  hasDisabledNewsletter: boolean;
  /** The email is verified already (a provider verified it). */
  isVerified?: boolean;
}

/** Creates the actor and the user in one transaction. */
export async function createUserWithActor(db: Db, user: NewUser): Promise<UserAuthRow> {
  return db.transaction().execute(async (tx) => {
    const actor = await tx.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    return tx
      .insertInto('user')
      .values({
        actor: actor.id,
        email: user.email,
        username: user.username,
        password_hash: user.passwordHash,
        has_password_set: user.passwordHash !== null,
        has_disabled_newsletter: user.hasDisabledNewsletter,
        ...(user.isVerified ? { is_verified: true } : {}),
      })
      .returning(USER_AUTH_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** A new per-user secret: every token carrying the old one stops working. */
export async function rotateJwtSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.updateTable('user').set({ jwt_secret: secret }).where('id', '=', userId).execute();
}

export async function findApplicationSlug(db: Db, applicationId: number): Promise<string | undefined> {
  const row = await db.selectFrom('application').select('slug').where('id', '=', applicationId).executeTakeFirst();
  return row?.slug;
}

export async function findDeviceUuid(db: Db, deviceId: number): Promise<string | undefined> {
  const row = await db.selectFrom('device').select('uuid').where('id', '=', deviceId).executeTakeFirst();
  return row?.uuid;
}
