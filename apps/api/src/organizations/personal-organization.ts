import type { Db } from '../db/database.ts';
import { freeHandle } from './organization.hooks.ts';
import { addOrganizationMember, insertOrganization } from './organization.repository.ts';

/**
 * Every new user gets a personal organization (issue 4, as on balenaCloud): named after the
 * username, handle the username (usernames already fit the handle pattern) or, when an
 * organization took that handle first, the username with a random suffix; the user is its
 * administrator. Called by registration right after the user row exists.
 */
export async function createPersonalOrganization(db: Db, user: { id: number; username: string }): Promise<number> {
  return db.transaction().execute(async (tx) => {
    let organizationId: number | undefined;
    // A concurrent sign-up or organization may take the free handle between check and insert.
    while (organizationId === undefined) organizationId = await insertOrganization(tx, user.username, await freeHandle(tx, user.username));
    await addOrganizationMember(tx, user.id, organizationId, 'administrator');
    return organizationId;
  });
}
