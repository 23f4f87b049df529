import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { userFleetPermission } from '../model/access/rule-builders.ts';

/** Which devices a /supervisor call names (compat §4: deviceId, else uuid, else appId). */
export type SupervisorTarget = { deviceId: number } | { uuid: string } | { appId: number };
/** A call naming one device. */
export type OneDeviceTarget = Exclude<SupervisorTarget, { appId: number }>;

/** A fleet-wide call reaches at most this many devices (query cost stays bounded). */
export const MAX_SUPERVISOR_TARGETS = 1000;

/**
 * What a device must be for the caller to act on it through its link: the caller holds
 * `permission` on its fleet, compiled into the query (DESIGN.md "permission rules compiled into
 * queries"), so a device the caller may not act on is simply not found, exactly like one that
 * does not exist. `false`: the permission is granted by no role, nothing can match.
 */
export function supervisorPermission(caller: UserPrincipal, permission: string): RawBuilder<unknown> | false {
  const allowed = userFleetPermission(caller, permission, sql.ref('d.belongs_to__application'));
  return allowed === true ? sql`true` : allowed;
}

/**
 * The linked, active devices the call names on which the caller holds `permission`. Never a
 * frozen device (devices/device-frozen.ts: no action reaches one), even one frozen while its
 * link was open.
 */
export async function findSupervisorTargets(db: Db, caller: UserPrincipal, target: SupervisorTarget, permission: string): Promise<Array<{ id: number; uuid: string }>> {
  const allowed = supervisorPermission(caller, permission);
  if (allowed === false) return [];
  if (!('appId' in target)) return findSupervisorDevices(db, allowed, 'deviceId' in target ? [target.deviceId] : [], 'uuid' in target ? [target.uuid] : []);
  // One text per kind of caller (values are parameters): its plan is kept (db/prepared.ts).
  const r = await sql<{ id: number; uuid: string }>`${preparedStatement}
    SELECT d.id, d.uuid FROM device d
     WHERE d.belongs_to__application = ${target.appId} AND d.is_active AND NOT d.is_frozen AND d.is_connected_to_vpn AND ${allowed}
     ORDER BY d.id
     LIMIT ${MAX_SUPERVISOR_TARGETS}`.execute(db);
  return r.rows;
}

/**
 * The linked, active, unfrozen devices among these ids and uuids on which `allowed` (supervisorPermission)
 * holds: the targets of many one-device calls of one caller at once (supervisor-target-reads.ts).
 * At most one row per id or uuid given.
 */
export async function findSupervisorDevices(db: Db, allowed: RawBuilder<unknown>, ids: readonly number[], uuids: readonly string[]): Promise<Array<{ id: number; uuid: string }>> {
  const r = await sql<{ id: number; uuid: string }>`${preparedStatement}
    SELECT d.id, d.uuid FROM device d
     WHERE (d.id = ANY(${ids}::int[]) OR d.uuid = ANY(${uuids}::text[])) AND d.is_active AND NOT d.is_frozen AND d.is_connected_to_vpn AND ${allowed}`.execute(db);
  return r.rows;
}
