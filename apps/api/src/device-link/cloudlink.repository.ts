import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The cloudlink state of a device (compat §5.7: what a VPN's connect/disconnect hooks set):
 * `is_connected_to_vpn` is the link itself, `is_online` is up while either the link or the
 * API heartbeat is, and both events stamp `last_connectivity_event` and `last_vpn_event`.
 * `last_vpn_event` being set is also what marks the device as one that links at all (the
 * overall status's "reduced functionality" when only one of the two signals is up).
 */
export async function setLinkState(db: Db, deviceId: number, isLinked: boolean): Promise<void> {
  await sql`
    UPDATE device
       SET is_connected_to_vpn = ${isLinked},
           is_online = ${isLinked} OR api_heartbeat_state = 'online',
           last_connectivity_event = now(),
           last_vpn_event = now()
     WHERE id = ${deviceId}`.execute(db);
}

/** The device a link belongs to, when it may link: active, and the key's own device. */
export async function findLinkableDevice(db: Db, deviceId: number): Promise<{ id: number; uuid: string } | undefined> {
  const r = await sql<{ id: number; uuid: string }>`SELECT id, uuid FROM device WHERE id = ${deviceId} AND is_active`.execute(db);
  return r.rows[0];
}

/**
 * At the start of a lone API process no device can be linked to it: links a previous run held
 * when it stopped (or crashed) are cleared, so the dashboard does not show them connected.
 * With several processes (Redis) this must not run: the others hold live links.
 */
export async function clearStaleLinks(db: Db): Promise<number> {
  const r = await sql`
    UPDATE device
       SET is_connected_to_vpn = false,
           is_online = api_heartbeat_state = 'online',
           last_vpn_event = now()
     WHERE is_connected_to_vpn`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
