import { sql, type Db } from '../db/database.ts';

/** Queries on the user's two-factor columns and recovery codes; rules live in the service. */
export interface TwoFactorRow {
  id: number;
  username: string;
  is_2fa_enabled: boolean;
  totp_secret: string | null;
  totp_pending_secret: string | null;
}

export async function findTwoFactorState(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  return db
    .selectFrom('user')
    .select(['id', 'username', 'is_2fa_enabled', 'totp_secret', 'totp_pending_secret'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setPendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.updateTable('user').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
}

/**
 * Records `step` as the last accepted TOTP step, only if it is newer than the stored one —
 * one statement, so two requests racing with the same code cannot both win. False = replay.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('user')
    .set({ totp_last_used_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_used_step', 'is', null), eb('totp_last_used_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns the confirmed pending secret into the active one; false if setup changed meanwhile. */
export async function activatePendingSecret(db: Db, userId: number, secret: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('user')
    .set({ totp_secret: secret, totp_pending_secret: null, is_2fa_enabled: true, totp_last_used_step: step })
    .where('id', '=', userId)
    .where('totp_pending_secret', '=', secret)
    .where('is_2fa_enabled', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Two-factor off: secrets, replay marker and every recovery code go. */
export async function clearTwoFactor(db: Db, userId: number): Promise<void> {
  const inTransaction = (fn: (tx: Db) => Promise<void>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  await inTransaction(async (tx) => {
    await tx
      .updateTable('user')
      .set({ totp_secret: null, totp_pending_secret: null, is_2fa_enabled: false, totp_last_used_step: null })
      .where('id', '=', userId)
      .execute();
    await tx.deleteFrom('recovery_code').where('user', '=', userId).execute();
  });
}

/** Replaces all of the user's recovery codes (old ones stop working) in one transaction. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('recovery_code').where('user', '=', userId).execute();
    await tx
      .insertInto('recovery_code')
      .values(codeHashes.map((code_hash) => ({ user: userId, code_hash })))
      .execute();
  });
}

/** Marks an unused code used; one statement, so a code is spent at most once. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable('recovery_code')
    .set({ used_timestamp: sql`now()` })
    .where('user', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_timestamp', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_code')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user', '=', userId)
    .where('used_timestamp', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
