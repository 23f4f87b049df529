import { LOCAL_MODE_VARIABLES } from '@flotilla/core/device-actions';
import { LIVE_DEVICE_FIELDS, LIVE_DEVICE_TAGS, deviceTopic, fleetDevicesTopic, type LiveDevice, type LiveEvent } from '@flotilla/core/schemas/live-events';
import { SYSTEM } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { registry } from '../model/registry.ts';
import { createODataEngine } from '../odata/engine.ts';
import type { EventBus } from './event-bus.ts';

/**
 * Device changes pushed to the dashboard (issue 14 §7): after a write has committed, the
 * devices' fields are read once, as the OData layer serves them (the same wire shape, computed
 * overall_status included), and published on `device:<uuid>` and `fleet:<id>:devices`. The
 * bus is best effort: a browser that missed an event re-reads when it reconnects, and keeps a
 * slow poll as the fallback.
 */
const engine = createODataEngine(registry);

/** More changes than this in one fleet at once (a batch action) go out as one "re-read the list". */
export const FLEET_EVENT_BATCH_LIMIT = 50;

export interface LivePublishTarget {
  db: Db;
  eventBus: EventBus;
}

/** What a write knew of the devices before it: their fleet, so a move or a delete tells the old fleet. */
export interface DeviceBefore {
  id: number;
  uuid: string;
  fleetId: number | null;
}

/**
 * The devices' fields as the dashboard shows them. One device's read (after each report that
 * changed something) is one fixed text whatever the id, so it keeps its plan (db/prepared.ts);
 * a batch's text grows with its length and is planned each time.
 */
export async function readLiveDevices(db: Db, ids: readonly number[]): Promise<LiveDevice[]> {
  if (ids.length === 0) return [];
  return engine.get<LiveDevice>(db, SYSTEM, 'device', {
    select: [...LIVE_DEVICE_FIELDS],
    filter: { t: 'in', left: { t: 'path', path: { name: 'id' } }, items: ids.map((value) => ({ kind: 'number' as const, value })) },
    expand: [
      {
        name: 'device_tag',
        count: false,
        options: { select: ['tag_key', 'value'], orderby: [{ path: { name: 'tag_key' }, dir: 'asc' }], top: LIVE_DEVICE_TAGS },
      },
      {
        name: 'device_config_variable',
        count: false,
        options: {
          select: ['name', 'value'],
          filter: { t: 'in', left: { t: 'path', path: { name: 'name' } }, items: LOCAL_MODE_VARIABLES.map((value) => ({ kind: 'text' as const, value })) },
        },
      },
    ],
  }, { prepared: ids.length === 1 });
}

/**
 * Publishes the current state of `ids`. `before` (from a write that could move or delete
 * devices) names their fleets as they were: a device gone, or in another fleet now, is
 * `device-removed` for the old fleet, and `isNewInFleet` for the new one. `created` ids are new.
 */
export async function publishDeviceChanges(
  target: LivePublishTarget,
  ids: readonly number[],
  options: { before?: readonly DeviceBefore[]; created?: readonly number[] } = {},
): Promise<void> {
  const all = [...new Set([...ids, ...(options.before ?? []).map((b) => b.id)])];
  // A heartbeat tick after an outage may change thousands: read and publish them a slice at a time.
  for (let i = 0; i < all.length; i += READ_BATCH) await publishSlice(target, all.slice(i, i + READ_BATCH), options);
}

const READ_BATCH = 500;

async function publishSlice(target: LivePublishTarget, unique: readonly number[], options: { before?: readonly DeviceBefore[]; created?: readonly number[] }): Promise<void> {
  const devices = await readLiveDevices(target.db, unique);
  const now = new Map(devices.map((d) => [d.id, d]));
  const created = new Set(options.created ?? []);
  const beforeOf = new Map((options.before ?? []).map((b) => [b.id, b]));
  const perFleet = new Map<number, { topic: string; event: LiveEvent }[]>();
  const perDevice: { topic: string; event: LiveEvent }[] = [];
  const toFleet = (fleetId: number, event: LiveEvent) => {
    let list = perFleet.get(fleetId);
    if (!list) perFleet.set(fleetId, (list = []));
    list.push({ topic: fleetDevicesTopic(fleetId), event });
  };

  for (const id of unique) {
    const device = now.get(id);
    const was = beforeOf.get(id);
    const fleetNow = device?.belongs_to__application?.__id ?? null;
    if (was && was.fleetId !== null && was.fleetId !== fleetNow) toFleet(was.fleetId, { type: 'device-removed', uuid: was.uuid, id });
    if (!device) {
      if (was) perDevice.push({ topic: deviceTopic(was.uuid), event: { type: 'device-removed', uuid: was.uuid, id } });
      continue;
    }
    const isNewInFleet = created.has(id) || (was !== undefined && was.fleetId !== fleetNow);
    const event: LiveEvent = isNewInFleet ? { type: 'device', device, isNewInFleet } : { type: 'device', device };
    perDevice.push({ topic: deviceTopic(device.uuid), event });
    if (fleetNow !== null) toFleet(fleetNow, event);
  }

  const messages = [...perDevice];
  for (const [fleetId, list] of perFleet) {
    if (list.length > FLEET_EVENT_BATCH_LIMIT) messages.push({ topic: fleetDevicesTopic(fleetId), event: { type: 'fleet-devices-changed', fleetId } });
    else messages.push(...list);
  }
  await Promise.all(messages.map((m) => target.eventBus.publish(m.topic, m.event)));
}

/**
 * For callers that must not fail because of the push: the write has happened; a lost event only
 * delays the dashboard until its fallback poll.
 */
export function publishDeviceChangesQuietly(
  target: LivePublishTarget & { log: { warn(obj: object, msg: string): void } },
  ids: readonly number[],
  options?: Parameters<typeof publishDeviceChanges>[2],
): Promise<void> {
  return publishDeviceChanges(target, ids, options).catch((err: unknown) => target.log.warn({ err }, 'could not publish a device change'));
}
