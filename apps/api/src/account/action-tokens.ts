import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * One-time tokens mailed to users (table `user_action_token`, ASVS V2.5/V3.5): 256 random
 * bits, base64url in the link, only their SHA-256 stored, single use (`used_at` set by one
 * atomic UPDATE), expiring. Looking a token up by its hash through a unique index is not a
 * secret comparison that can leak by timing (an attacker learns nothing about the stored
 * hash from how long a miss takes), so no byte-wise compare of secrets happens here.
 */
export type ActionPurpose = 'verify-email' | 'password-reset' | 'change-email';

/** Verification and email-change links live 24 hours; reset links 1 hour (a reset grants the account). */
export const TOKEN_TTL_MS: Record<ActionPurpose, number> = {
  'verify-email': 24 * 3600_000,
  'change-email': 24 * 3600_000,
  'password-reset': 3600_000,
};

export function generateActionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashActionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface ActionTokenRow {
  id: number;
  user: number;
  purpose: ActionPurpose;
  email: string | null;
}

/**
 * A new token for the user; earlier unused tokens of the same purpose are voided, so only the
 * latest link works. Returns the plain token (goes into the email, never stored).
 */
export async function createActionToken(db: Db, input: { userId: number; purpose: ActionPurpose; email: string | null }): Promise<string> {
  const token = generateActionToken();
  // Joins the caller's transaction when there is one (an OData write hook resends the link).
  const inTransaction = <T>(fn: (tx: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  await inTransaction(async (tx) => {
    await tx
      .updateTable('user_action_token')
      .set({ used_at: sql`now()` })
      .where('user', '=', input.userId)
      .where('purpose', '=', input.purpose)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .insertInto('user_action_token')
      .values({
        user: input.userId,
        purpose: input.purpose,
        token_hash: hashActionToken(token),
        email: input.email,
        expires_at: new Date(Date.now() + TOKEN_TTL_MS[input.purpose]),
      })
      .execute();
  });
  return token;
}

/**
 * Marks the token used and returns it, when it exists with one of `purposes`, is unused and
 * unexpired and (if `email` is given) was issued for that address; otherwise undefined. One
 * UPDATE … RETURNING, so two concurrent uses cannot both succeed.
 */
export async function consumeActionToken(db: Db, token: string, purposes: ActionPurpose[], email?: string): Promise<ActionTokenRow | undefined> {
  let query = db
    .updateTable('user_action_token')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashActionToken(token))
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  if (email !== undefined) query = query.where('email', '=', email);
  const row = await query.returning(['id', 'user', 'purpose', 'email']).executeTakeFirst();
  return row as ActionTokenRow | undefined;
}

/**
 * The token, when it could be consumed now (same conditions as consumeActionToken), without
 * using it: a step that may still fail (the second factor of a password reset) must not
 * spend the link.
 */
export async function findUsableActionToken(db: Db, token: string, purposes: ActionPurpose[]): Promise<ActionTokenRow | undefined> {
  const row = await db
    .selectFrom('user_action_token')
    .select(['id', 'user', 'purpose', 'email'])
    .where('token_hash', '=', hashActionToken(token))
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row as ActionTokenRow | undefined;
}

/** Deletes every unused token of the user (the links already mailed stop working). */
export async function deletePendingActionTokens(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_action_token').where('user', '=', userId).where('used_at', 'is', null).execute();
}
