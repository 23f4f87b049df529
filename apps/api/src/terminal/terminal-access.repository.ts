import { sql } from 'kysely';
import { LOCAL_MODE_VARIABLES } from '@flotilla/core/device-actions';
import { terminalPermission, type TerminalTarget } from '@flotilla/core/terminal';
import type { Db } from '../db/database.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { condSql, userFleetPermission } from '../model/access/rule-builders.ts';

/** What the start rules (core terminal.ts) read of a device the caller may open a terminal on. */
export interface TerminalDevice {
  id: number;
  uuid: string;
  os_version: string | null;
  is_connected_to_vpn: boolean;
  isInLocalMode: boolean;
  /** The statuses of the target service's current containers (none for the host, or no install). */
  containerStatuses: string[];
}

/**
 * The active device `uuid` on which the caller holds the target's permission (resin.device.ssh
 * for a service, resin.device.ssh-host for the host OS), with the facts of the start rules, in
 * one query with the permission compiled into it (DESIGN.md "Permissions are data"): a device
 * that does not exist, that the caller cannot see, on which the role lacks the permission, or that
 * is frozen (devices/device-frozen.ts; checked again while a session runs, so a device frozen while
 * linked loses its shells) is the same `undefined`.
 */
export async function findTerminalDevice(db: Db, caller: UserPrincipal, uuid: string, target: TerminalTarget): Promise<TerminalDevice | undefined> {
  const allowed = userFleetPermission(caller, terminalPermission(target), sql.ref('d.belongs_to__application'));
  if (allowed === false) return undefined;
  const serviceName = target.kind === 'service' ? target.serviceName : null;
  const r = await sql<{ id: number; uuid: string; os_version: string | null; is_connected_to_vpn: boolean; is_in_local_mode: boolean; container_statuses: string[] | null }>`
    SELECT d.id, d.uuid, d.os_version, d.is_connected_to_vpn,
           EXISTS (SELECT 1 FROM device_config_variable v
                    WHERE v.device = d.id AND v.name IN (${sql.join([...LOCAL_MODE_VARIABLES])}) AND trim(v.value) = '1') AS is_in_local_mode,
           ARRAY(SELECT ii.status FROM image_install ii
                   JOIN image i ON i.id = ii.installs__image
                   JOIN service s ON s.id = i.is_a_build_of__service
                  WHERE ii.device = d.id AND s.service_name = ${serviceName} AND ii.status <> 'deleted'
                  ORDER BY ii.id) AS container_statuses
      FROM device d
     WHERE d.uuid = ${uuid} AND d.is_active AND NOT d.is_frozen AND ${condSql(allowed)}`.execute(db);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    uuid: row.uuid,
    os_version: row.os_version,
    is_connected_to_vpn: row.is_connected_to_vpn,
    isInLocalMode: row.is_in_local_mode,
    containerStatuses: row.container_statuses ?? [],
  };
}
