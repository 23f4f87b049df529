import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { fleetsWithReadableDevices } from '../live/live-access.ts';
import { condSql } from '../model/access/rule-builders.ts';
import { readableDeviceCondition } from './device-logs-access.ts';

/**
 * The fleet tail's fleet: one whose devices the caller may read (`resin.device.read` on it, as
 * for the fleet's live events, live/live-access.ts), else 404. Reading the fleet is not enough:
 * anyone reads a public fleet, and a tail of its devices' lines would cost its owner's process
 * work per line for a reader shown none of them.
 */
export async function assertReadableFleet(db: Db, principal: Principal, fleetId: number): Promise<void> {
  if (principal.kind === 'anonymous') throw unauthorized('You have to log in');
  // The fleet tail is the dashboard's: a device or provisioning key never reads other devices' logs.
  if (principal.kind !== 'user') throw forbidden('Only a user may read a fleet’s logs');
  if ((await fleetsWithReadableDevices(db, principal, [fleetId])).length === 0) throw notFound('Fleet not found');
}

/** How long a device's readability is trusted by a running tail before it is asked again. */
const READABLE_TTL_MS = 30_000;

/**
 * Whether a live line's device is one the caller may read (the device resource's read rule,
 * asked of the database once per device and then cached briefly): a tail never shows a line
 * its reader could not fetch by uuid.
 */
export function readableDeviceCache(db: Db, principal: Principal, fleetId: number): (deviceId: number) => Promise<boolean> {
  const cache = new Map<number, { ok: boolean; at: number }>();
  const rule = readableDeviceCondition(principal);
  return async (deviceId) => {
    const hit = cache.get(deviceId);
    if (hit && Date.now() - hit.at < READABLE_TTL_MS) return hit.ok;
    const r = await sql<{ id: number }>`
      SELECT d.id FROM device d WHERE d.id = ${deviceId} AND d.belongs_to__application = ${fleetId} AND ${condSql(rule)}`.execute(db);
    const ok = r.rows.length > 0;
    if (cache.size > 10_000) cache.clear();
    cache.set(deviceId, { ok, at: Date.now() });
    return ok;
  };
}
