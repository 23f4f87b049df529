import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { condSql, userFleetPermission } from '../model/access/rule-builders.ts';

/** Queries of the fleet-wide target state (fleet-target-state.service.ts). */

/**
 * The fleet the user may read the variables of (the state carries them all), by uuid: the rule
 * is compiled into the lookup, so a fleet the user cannot see answers as one that does not exist.
 */
export async function findStateReadableFleet(db: Db, user: UserPrincipal, uuid: string): Promise<{ id: number } | undefined> {
  const readable = userFleetPermission(user, 'resin.application_environment_variable.read', sql.ref('a.id'));
  if (readable === false) return undefined;
  const r = await sql<{ id: number }>`
    SELECT a.id FROM application a WHERE a.uuid = ${uuid} AND ${condSql(readable)}`.execute(db);
  return r.rows[0];
}

/** The fleet's successful release with this commit. */
export async function findSuccessfulRelease(db: Db, fleetId: number, commit: string): Promise<number | undefined> {
  const r = await sql<{ id: number }>`
    SELECT r.id FROM release r WHERE r.belongs_to__application = ${fleetId} AND r.commit = ${commit} AND r.status = 'success'`.execute(db);
  return r.rows[0]?.id;
}
