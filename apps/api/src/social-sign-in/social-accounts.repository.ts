import type { SocialProvider } from '@flotilla/core/social-sign-in';
import type { Db } from '../db/database.ts';
import { findUserById, type UserAuthRow } from '../auth/auth.repository.ts';

/** The user a provider's account is linked to (social_service_account, accounts spec §3). */
export async function findUserBySocialAccount(db: Db, provider: SocialProvider, remoteId: string): Promise<UserAuthRow | undefined> {
  const link = await db.selectFrom('social_service_account').select('belongs_to__user').where('provider', '=', provider).where('remote_id', '=', remoteId).executeTakeFirst();
  return link ? findUserById(db, link.belongs_to__user) : undefined;
}

/** The account holding this (normalized) email, and whether its owner has verified it. */
export async function findUserByEmail(db: Db, email: string): Promise<{ id: number; isVerified: boolean } | undefined> {
  const row = await db.selectFrom('user').select(['id', 'is_verified']).where('email', '=', email).executeTakeFirst();
  return row ? { id: row.id, isVerified: row.is_verified } : undefined;
}

/** Links the provider's account to the user; a second link of the same account (two callbacks at once) is a no-op. */
export async function linkSocialAccount(db: Db, userId: number, provider: SocialProvider, remoteId: string, displayName: string | null): Promise<void> {
  await db
    .insertInto('social_service_account')
    .values({ belongs_to__user: userId, provider, remote_id: remoteId, display_name: displayName?.slice(0, 255) ?? null })
    .onConflict((oc) => oc.columns(['provider', 'remote_id']).doNothing())
    .execute();
}
