import { deviceTopic, fleetDevicesTopic, type LiveEventsQuery } from '@flotilla/core/schemas/live-events';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { registry } from '../model/registry.ts';
import type { Expr, Literal } from '../odata/ast.ts';
import { createODataEngine } from '../odata/engine.ts';

/**
 * Which topics a caller may hear: a device or fleet it can read, decided by the resources' own
 * read rules compiled into one query each (the same SQL the OData layer runs), so a device or
 * fleet the caller cannot see answers exactly like one that does not exist.
 */
const engine = createODataEngine(registry);

const inList = (field: string, items: Literal[]): Expr => ({
  t: 'in',
  left: { t: 'path', path: { name: field } },
  items,
});

/** The topics of the query, after checking the caller reads every device and fleet named (404 otherwise). */
export async function authorizeTopics(db: Db, principal: Principal, query: LiveEventsQuery): Promise<string[]> {
  const devices = [...new Set(query.device)];
  const fleets = [...new Set(query.fleet)];
  const [readableDevices, readableFleets] = await Promise.all([
    devices.length === 0 ? [] : engine.get<{ uuid: string }>(db, principal, 'device', { select: ['uuid'], filter: inList('uuid', devices.map((value) => ({ kind: 'text' as const, value }))) }),
    fleets.length === 0 ? [] : engine.get<{ id: number }>(db, principal, 'application', { select: ['id'], filter: inList('id', fleets.map((value) => ({ kind: 'number' as const, value }))) }),
  ]);
  const deviceSet = new Set(readableDevices.map((d) => d.uuid));
  const fleetSet = new Set(readableFleets.map((f) => f.id));
  if (devices.some((uuid) => !deviceSet.has(uuid))) throw notFound('Device not found');
  if (fleets.some((id) => !fleetSet.has(id))) throw notFound('Fleet not found');
  return [...devices.map(deviceTopic), ...fleets.map(fleetDevicesTopic)];
}
