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
 * Called by the device hooks: after a create (`create`), before an update (`update`; `move` when
 * it changes the device's fleet) or a delete (`delete`). For a move or a delete the devices'
 * fleets are read as they are now, to tell the old fleet a device left; a plain update costs no
 * query here.
 */
export async function noteDeviceWrite(db: Db, ids: readonly number[], kind: 'create' | 'update' | 'move' | 'delete'): Promise<void> {
  const store = pendingDeviceWrites.getStore();
  if (!store || ids.length === 0) return;
  for (const id of ids) store.ids.add(id);
  if (kind === 'create') for (const id of ids) store.created.add(id);
  if (kind !== 'move' && kind !== 'delete') return;
  const unseen = ids.filter((id) => !store.before.has(id));
  if (unseen.length === 0) return;
  const rows = await sql<{ id: number; uuid: string; fleet_id: number | null }>`
    SELECT id, uuid, belongs_to__application AS fleet_id FROM device WHERE id = ANY(${`{${unseen.join(',')}}`}::int[])`.execute(db);
  for (const r of rows.rows) store.before.set(r.id, { id: r.id, uuid: r.uuid, fleetId: r.fleet_id });
}

/**
 * Called by the hooks of a device's own rows whose content the live payload carries (tags, local
 * mode variables): the rows' devices are noted as updated. `ids` are the rows' ids (read to find
 * their devices), `devices` device ids already known (a create, or a patch moving a row).
 */
export async function noteDeviceRowWrite(db: Db, table: 'device_tag' | 'device_config_variable', ids: readonly number[], devices: readonly number[] = []): Promise<void> {
  if (!pendingDeviceWrites.getStore()) return;
  const found = ids.length === 0 ? [] : (await sql<{ device: number }>`SELECT DISTINCT device FROM ${sql.table(table)} WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`.execute(db)).rows.map((r) => r.device);
  await noteDeviceWrite(db, [...new Set([...found, ...devices])], 'update');
}
