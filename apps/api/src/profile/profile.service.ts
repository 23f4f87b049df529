import type { Db } from '../db/database.ts';
import { unauthorized } from '../lib/errors.ts';
import { findProfile, updateProfile, type ProfileChanges, type ProfileRow } from './profile.repository.ts';

export async function getOwnProfile(db: Db, userId: number): Promise<ProfileRow> {
  const profile = await findProfile(db, userId);
  // A token of a deleted user: the session is gone.
  if (!profile) throw unauthorized('You have to log in');
  return profile;
}

/**
 * Accounts spec §5 Profile: first and last name and account type may not be emptied (the
 * route's schema rejects empty values); company is optional and an empty one is stored as null.
 */
export async function saveOwnProfile(db: Db, userId: number, changes: ProfileChanges): Promise<ProfileRow> {
  const normalized: ProfileChanges = { ...changes };
  if (typeof normalized.company === 'string') normalized.company = normalized.company.trim() || null;
  await updateProfile(db, userId, normalized);
  return getOwnProfile(db, userId);
}
