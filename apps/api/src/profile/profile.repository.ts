import type { Db } from '../db/database.ts';

/** The caller's own profile fields (accounts spec §3 user); v7 hides them from OData `user`. */
export interface ProfileRow {
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  account_type: 'personal' | 'professional' | null;
  has_password_set: boolean;
  has_disabled_newsletter: boolean;
  /** Read-only account flags for the dashboard header and notices (accounts spec §2, §5, §6). */
  is_platform_admin: boolean;
  is_support_agent: boolean;
  has_password_over_limit: boolean;
}

const PROFILE_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'company',
  'account_type',
  'has_password_set',
  'has_disabled_newsletter',
  'is_platform_admin',
  'is_support_agent',
  'has_password_over_limit',
] as const;

export async function findProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('user')
    .select(PROFILE_COLUMNS)
    .where('id', '=', userId)
    .$narrowType<{ account_type: ProfileRow['account_type'] }>() // CHECK (account_type IN ('personal', 'professional'))
    .executeTakeFirst();
}

export type ProfileChanges = Partial<Pick<ProfileRow, 'first_name' | 'last_name' | 'company' | 'account_type' | 'has_disabled_newsletter'>>;

export async function updateProfile(db: Db, userId: number, changes: ProfileChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('user').set(changes).where('id', '=', userId).execute();
}
