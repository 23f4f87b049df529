import { sql } from 'kysely';
import { deviceTopic, fleetDevicesTopic, type LiveEventsQuery } from '@flotilla/core/schemas/live-events';
import type { UserPrincipal } from '../auth/guards.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { userFleetPermission } from '../model/access/rule-builders.ts';
import { registry } from '../model/registry.ts';
import type { Expr, Literal } from '../odata/ast.ts';
import { createODataEngine } from '../odata/engine.ts';

/**
 * Which topics a caller may hear: a device it can read, decided by the device's own read rule
 * compiled into one query (the same SQL the OData layer runs), and a fleet whose devices it can
 * read (`resin.device.read` on the fleet: a fleet topic carries every device row of the fleet).
 * Reading the fleet is not enough: a public fleet is readable by anyone, its devices are not.
 * A device or fleet the caller may not hear answers exactly like one that does not exist.
 */
const engine = createODataEngine(registry);

const inList = (field: string, items: Literal[]): Expr => ({
  t: 'in',
  left: { t: 'path', path: { name: field } },
  items,
});

/** The topics of the query, after checking the caller reads every device and fleet named (404 otherwise). */
export async function authorizeTopics(db: Db, principal: UserPrincipal, query: LiveEventsQuery): Promise<string[]> {
  const devices = [...new Set(query.device)];
  const fleets = [...new Set(query.fleet)];
  const [readableDevices, readableFleets] = await Promise.all([
    devices.length === 0 ? [] : engine.get<{ uuid: string }>(db, principal, 'device', { select: ['uuid'], filter: inList('uuid', devices.map((value) => ({ kind: 'text' as const, value }))) }),
    fleets.length === 0 ? [] : fleetsWithReadableDevices(db, principal, fleets),
  ]);
  const deviceSet = new Set(readableDevices.map((d) => d.uuid));
  const fleetSet = new Set(readableFleets.map((f) => f.id));
  if (devices.some((uuid) => !deviceSet.has(uuid))) throw notFound('Device not found');
  if (fleets.some((id) => !fleetSet.has(id))) throw notFound('Fleet not found');
  return [...devices.map(deviceTopic), ...fleets.map(fleetDevicesTopic)];
}

/** Of `fleets`, those on which the user holds `resin.device.read` (membership, support access, admin). */
export function fleetsWithReadableDevices(db: Db, principal: UserPrincipal, fleets: number[]): Promise<{ id: number }[]> {
  const readsDevices = userFleetPermission(principal, 'resin.device.read', sql.ref('a.id'));
  if (readsDevices === false) return Promise.resolve([]);
  return db
    .selectFrom('application as a')
    .select('a.id')
    .where('a.id', 'in', fleets)
    .where(readsDevices === true ? sql<boolean>`true` : sql<boolean>`${readsDevices}`)
    .execute();
}
