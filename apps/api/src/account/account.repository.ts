import type { Db } from '../db/database.ts';

/** Queries on the user row for the account-security flows; rules live in the services. */
export interface AccountUserRow {
  id: number;
  actor: number;
  username: string;
  email: string | null;
  password_hash: string | null;
  jwt_secret: string;
  has_password_set: boolean;
  must_be_verified: boolean;
  is_verified: boolean;
  is_2fa_enabled: boolean;
}

const COLUMNS = ['id', 'actor', 'username', 'email', 'password_hash', 'jwt_secret', 'has_password_set', 'must_be_verified', 'is_verified', 'is_2fa_enabled'] as const;

export async function findAccountUser(db: Db, id: number): Promise<AccountUserRow | undefined> {
  return db.selectFrom('user').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findAccountUserByEmail(db: Db, email: string): Promise<AccountUserRow | undefined> {
  return db.selectFrom('user').select(COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function setMustBeVerified(db: Db, userId: number): Promise<void> {
  await db.updateTable('user').set({ must_be_verified: true }).where('id', '=', userId).execute();
}

export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db.updateTable('user').set({ is_verified: true }).where('id', '=', userId).execute();
}

/** Marks the email verified; true when it was not before (this call is what verified it). */
export async function markEmailVerifiedFirst(db: Db, userId: number): Promise<boolean> {
  const row = await db.updateTable('user').set({ is_verified: true }).where('id', '=', userId).where('is_verified', '=', false).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** New password hash and a new jwt_secret in one statement: every older session ends. */
export async function updatePassword(db: Db, userId: number, passwordHash: string, jwtSecret: string): Promise<void> {
  await db
    .updateTable('user')
    .set({ password_hash: passwordHash, has_password_set: true, has_password_over_limit: false, jwt_secret: jwtSecret })
    .where('id', '=', userId)
    .execute();
}

export async function updateEmail(db: Db, userId: number, email: string, isVerified: boolean): Promise<void> {
  await db.updateTable('user').set({ email, is_verified: isVerified }).where('id', '=', userId).execute();
}
