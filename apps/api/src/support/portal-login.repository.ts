import type { Db } from '../db/database.ts';

/** Who the portal is told signs in: read fresh, not from the session token (the email may have changed since). */
export function getPortalIdentity(db: Db, userId: number) {
  return db
    .selectFrom('user')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'is_verified'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
