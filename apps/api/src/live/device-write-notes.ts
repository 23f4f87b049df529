import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DeviceBefore } from './device-events.ts';

/**
 * OData writes to devices (rename, pin, note, move, deactivate, delete, create …) reach the
 * push channel through one place: the device resource's hooks note the rows they touch
 * (`noteDeviceWrite`, inside the write's transaction), and once the request has answered
 * — so after the transaction committed, and only when it succeeded — the devices are
 * published (device-events.ts). The note lives in the request's async context, so the engine
 * and its hooks need not know about HTTP or the bus; outside a request it is a no-op.
 */
export interface PendingWrites {
  ids: Set<number>;
  before: Map<number, DeviceBefore>;
  created: Set<number>;
}

export const pendingDeviceWrites = new AsyncLocalStorage<PendingWrites>();

/**
 * Called by the device hooks before an update or delete (`ids` as they are now: their fleet,
 * to tell a fleet a device left) and after a create (`created`).
 */
export async function noteDeviceWrite(db: Db, ids: readonly number[], kind: 'update' | 'delete' | 'create'): Promise<void> {
  const store = pendingDeviceWrites.getStore();
  if (!store || ids.length === 0) return;
  for (const id of ids) store.ids.add(id);
  if (kind === 'create') {
    for (const id of ids) store.created.add(id);
    return;
  }
  const unseen = ids.filter((id) => !store.before.has(id));
  if (unseen.length === 0) return;
  const rows = await sql<{ id: number; uuid: string; fleet_id: number | null }>`
    SELECT id, uuid, belongs_to__application AS fleet_id FROM device WHERE id = ANY(${`{${unseen.join(',')}}`}::int[])`.execute(db);
  for (const r of rows.rows) store.before.set(r.id, { id: r.id, uuid: r.uuid, fleetId: r.fleet_id });
}
