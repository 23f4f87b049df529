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
}

const PROFILE_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'company',
  'account_type',
  'has_password_set',
  'has_disabled_newsletter',
] as const;

export async function findProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('user').select(PROFILE_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export type ProfileChanges = Partial<Pick<ProfileRow, 'first_name' | 'last_name' | 'company' | 'account_type' | 'has_disabled_newsletter'>>;

export async function updateProfile(db: Db, userId: number, changes: ProfileChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('user').set(changes).where('id', '=', userId).execute();
}
