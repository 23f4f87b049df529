import { badRequest } from '../lib/errors.ts';
import type { Db } from '../db/database.ts';
import type { Values } from '../model/types.ts';
import { findUserIdByUsername } from './organization.repository.ts';

/** No user row has this id (ids start at 1). */
const NO_SUCH_USER = 0;

/**
 * The `user` of a membership POST: balena-sdk sends `username` (team.membership.create,
 * application.membership.create); pine callers may send `user` as an id. `username` is a
 * create-only input (ResourceDef.createInputs) and never reaches the table.
 */
export async function resolveMemberUser(db: Db, values: Values, resource: string): Promise<number> {
  const { username, user } = values;
  if (username === undefined) {
    if (typeof user !== 'number') throw badRequest(`Field "user" (or "username") of "${resource}" is required`);
    return user;
  }
  if (typeof username !== 'string' || username.trim() === '') throw badRequest('"username" must be a non-empty string');
  // An unknown username becomes an id no user has: the `user` field's reference rule then answers
  // exactly as for a user outside the organization. Otherwise anyone with a free organization of
  // their own could tell which usernames exist (400 "no such user" against 403 "not a member").
  const id = (await findUserIdByUsername(db, username.trim())) ?? NO_SUCH_USER;
  if (typeof user === 'number' && user !== id) throw badRequest('"user" and "username" name different users');
  return id;
}

/** The id of a required foreign key in a POST body (already coerced by the engine). */
export function requiredId(values: Values, field: string, resource: string): number {
  const id = values[field];
  if (typeof id !== 'number') throw badRequest(`Field "${field}" of "${resource}" is required`);
  return id;
}

/** PATCH may not move a membership or grant to another user, team, fleet or organization. */
export function rejectChanged(patch: Values, fields: string[], resource: string): void {
  const changed = fields.filter((f) => f in patch);
  if (changed.length > 0) throw badRequest(`"${changed.join('", "')}" of "${resource}" cannot be changed; remove it and create a new one`);
}
