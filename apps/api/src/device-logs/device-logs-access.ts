import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { registry } from '../model/registry.ts';
import { condSql, userFleetPermission } from '../model/access/rule-builders.ts';
import { authorizeOwnDevice } from '../devices/device-state.service.ts';

/** The device whose logs a call reads, writes or clears. */
export interface LogDevice {
  id: number;
  uuid: string;
  /** Null only for a device without a fleet (not reachable by fleet roles). */
  fleetId: number | null;
}

const deviceDef = registry.get('device');
if (!deviceDef?.permissions.read) throw new Error('device resource without a read rule');
const deviceRead = deviceDef.permissions.read;

/** The device resource's read rule for `principal` over alias `alias` (compiled SQL, or a constant). */
export function readableDeviceCondition(principal: Principal, alias = 'd') {
  return deviceRead(alias, principal);
}

/**
 * The device a caller may read, by uuid: the device resource's own read rule compiled into the
 * lookup, so a device the caller cannot see answers exactly like one that does not exist.
 */
export async function getReadableDevice(db: Db, principal: Principal, uuid: string): Promise<LogDevice> {
  if (principal.kind === 'anonymous') throw unauthorized('You have to log in');
  const r = await sql<LogDevice>`
    SELECT d.id, d.uuid, d.belongs_to__application AS "fleetId" FROM device d
     WHERE d.uuid = ${uuid} AND ${condSql(readableDeviceCondition(principal))}`.execute(db);
  const device = r.rows[0];
  if (!device) throw notFound('Device not found');
  return device;
}

/**
 * Reading a device's logs: users who may read the device, and the device itself. Not a
 * provisioning key — every device of the fleet carries it in its config.json, so it would let
 * one device read all the others' logs.
 */
export async function getLogReadableDevice(db: Db, principal: Principal, uuid: string): Promise<LogDevice> {
  const device = await getReadableDevice(db, principal, uuid);
  if (principal.kind !== 'user' && principal.kind !== 'device') throw forbidden('A provisioning key may not read device logs');
  return device;
}

/**
 * Only a device's own key writes its logs (compat §5.5: the supervisor authenticates with the
 * device key). A user, a provisioning key or another device's key is refused.
 */
export async function getLogWriterDevice(db: Db, principal: Principal, uuid: string): Promise<LogDevice> {
  return authorizeOwnDevice(db, principal, [uuid], 'send device logs');
}

/**
 * Clearing a device's logs needs `resin.device_log.delete` on its fleet (fleets spec §6: the
 * safe-developer role and up). A caller who cannot read the device gets 404; one who can read
 * it but lacks the permission (or is not a user: keys never clear logs) gets 403.
 */
export async function getLogClearableDevice(db: Db, principal: Principal, uuid: string): Promise<LogDevice> {
  const device = await getReadableDevice(db, principal, uuid);
  if (principal.kind !== 'user' || device.fleetId === null) throw forbidden('Only a user may clear device logs');
  const allowed = userFleetPermission(principal, 'resin.device_log.delete', sql`${device.fleetId}::int`);
  if (allowed === false) throw forbidden('You may not clear the logs of this device');
  if (allowed !== true) {
    const r = await sql<{ ok: boolean }>`SELECT coalesce(${allowed}, false) AS ok`.execute(db);
    if (!r.rows[0]?.ok) throw forbidden('You may not clear the logs of this device');
  }
  return device;
}
