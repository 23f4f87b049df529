import type { Db } from '../db/database.ts';

/** Platform-staff and account flags of a user (accounts spec §2 header, §5, §6). */
export interface AccountFlagsRow {
  is_platform_admin: boolean;
  is_support_agent: boolean;
  has_password_over_limit: boolean;
}

/**
 * Accounts spec §5: a user who signs in with a valid password longer than today's 64-character
 * limit gets a flag (the dashboard then asks them to change it); signing in with a password
 * within the limit clears it. Written only when it changes.
 */
export async function setPasswordOverLimit(db: Db, userId: number, overLimit: boolean): Promise<void> {
  await db.updateTable('user').set({ has_password_over_limit: overLimit }).where('id', '=', userId).where('has_password_over_limit', '!=', overLimit).execute();
}

export interface ImpersonationTarget {
  id: number;
  actor: number;
  username: string;
  email: string | null;
  jwt_secret: string;
  is_2fa_enabled: boolean;
}

export async function findUserByUsername(db: Db, username: string): Promise<ImpersonationTarget | undefined> {
  return db
    .selectFrom('user')
    .select(['id', 'actor', 'username', 'email', 'jwt_secret', 'is_2fa_enabled'])
    .where('username', '=', username)
    .executeTakeFirst();
}
