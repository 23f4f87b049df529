import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { userFleetPermission } from '../model/access/rule-builders.ts';

/** Which devices a /supervisor call names (compat §4: deviceId, else uuid, else appId). */
export type SupervisorTarget = { deviceId: number } | { uuid: string } | { appId: number };

/** A fleet-wide call reaches at most this many devices (query cost stays bounded). */
export const MAX_SUPERVISOR_TARGETS = 1000;

/**
 * The linked, active devices the call names on which the caller holds `permission`, compiled
 * into the one query (DESIGN.md "permission rules compiled into queries"): a device the caller
 * may not act on is simply not among them, exactly like one that does not exist.
 */
export async function findSupervisorTargets(db: Db, caller: UserPrincipal, target: SupervisorTarget, permission: string): Promise<Array<{ id: number; uuid: string }>> {
  const where: RawBuilder<unknown> =
    'deviceId' in target ? sql`d.id = ${target.deviceId}` : 'uuid' in target ? sql`d.uuid = ${target.uuid}` : sql`d.belongs_to__application = ${target.appId}`;
  const allowed = userFleetPermission(caller, permission, sql.ref('d.belongs_to__application'));
  // One text per target kind and kind of caller (values are parameters): a batch action sends it
  // once per device (W11), so its plan is kept (db/prepared.ts).
  const r = await sql<{ id: number; uuid: string }>`${preparedStatement}
    SELECT d.id, d.uuid FROM device d
     WHERE ${where} AND d.is_active AND d.is_connected_to_vpn AND ${allowed === false ? sql`false` : allowed === true ? sql`true` : allowed}
     ORDER BY d.id
     LIMIT ${MAX_SUPERVISOR_TARGETS}`.execute(db);
  return r.rows;
}
