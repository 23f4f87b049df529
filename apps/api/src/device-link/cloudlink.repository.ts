import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { publishDeviceChanges, type LivePublishTarget } from '../live/device-events.ts';

/**
 * The cloudlink state of a device (compat §5.7: what a VPN's connect/disconnect hooks set):
 * `is_connected_to_vpn` is the link itself, `is_online` is up while either the link or the
 * API heartbeat is, and both events stamp `last_connectivity_event` and `last_vpn_event`.
 * `last_vpn_event` being set is also what marks the device as one that links at all (the
 * overall status's "reduced functionality" when only one of the two signals is up).
 *
 * Resolves once the change is written. Changes are written together (LinkStateWriter): links
 * start and end in herds — a killed API process sends all its devices to another within a
 * second, a network drop ends thousands — and one UPDATE per link queued that many writes
 * behind each other, past the database queue's bound (db/pool.ts), which refused the rest and
 * left devices shown connected without a link (bench/device-links-*, link-state-herd.int.test.ts).
 *
 * With `live`, the change is pushed to the dashboard after its batch committed — the devices
 * of every batch written meanwhile are read once together (LinkStatePublisher): one read per
 * link event was the same herd of queued queries, and the refused ones never reached a screen.
 */
export function setLinkState(db: Db, deviceId: number, isLinked: boolean, live?: LiveLinkTarget): Promise<void> {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new LinkStateWriter(db)));
  return writer.set(deviceId, isLinked, live);
}

export type LiveLinkTarget = LivePublishTarget & { log: { warn(obj: object, msg: string): void } };

const writers = new WeakMap<Db, LinkStateWriter>();
/** Rows per statement (two parameters each). */
const WRITE_BATCH = 1000;
/**
 * A write the database refused is tried again after each of these pauses: during a herd the
 * queue is full for seconds (other per-link work queues behind the same bound), and a lost
 * write shows a device connected that is not, until the link sweep.
 */
const RETRY_MS = [250, 500, 1000, 2000];

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * One statement at a time per database: changes that arrive while it runs wait for the next,
 * which writes them all (a device's last change wins; every caller's promise settles with the
 * statement that wrote its device). Alone, a change is written at once.
 */
class LinkStateWriter {
  readonly #db: Db;
  readonly #pending = new Map<number, { isLinked: boolean; waiters: Waiter[]; live: Set<LiveLinkTarget> }>();
  #draining = false;

  constructor(db: Db) {
    this.#db = db;
  }

  set(deviceId: number, isLinked: boolean, live: LiveLinkTarget | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry = this.#pending.get(deviceId);
      if (entry) {
        entry.isLinked = isLinked;
        entry.waiters.push({ resolve, reject });
        if (live) entry.live.add(live);
      } else {
        this.#pending.set(deviceId, { isLinked, waiters: [{ resolve, reject }], live: new Set(live ? [live] : []) });
      }
      if (!this.#draining) {
        this.#draining = true;
        void this.#drain();
      }
    });
  }

  async #drain(): Promise<void> {
    while (this.#pending.size > 0) {
      const batch = [...this.#pending].slice(0, WRITE_BATCH);
      for (const [id] of batch) this.#pending.delete(id);
      const waiters = batch.flatMap(([, entry]) => entry.waiters);
      try {
        await this.#writeWithRetries(batch);
        // Committed: now (not before) the dashboard may read the devices' new state.
        for (const [id, entry] of batch) for (const live of entry.live) publisherFor(live).add(id);
        for (const w of waiters) w.resolve();
      } catch (error) {
        for (const w of waiters) w.reject(error);
      }
    }
    this.#draining = false;
  }

  async #writeWithRetries(batch: [number, { isLinked: boolean }][]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#write(batch);
      } catch (error) {
        const pause = RETRY_MS[attempt];
        if (pause === undefined) throw error;
        await new Promise((r) => setTimeout(r, pause));
      }
    }
  }

  async #write(batch: [number, { isLinked: boolean }][]): Promise<void> {
    // In id order, so that two processes writing overlapping devices lock them in one order.
    const rows = batch.sort(([a], [b]) => a - b).map(([id, entry]) => sql`(${id}::int, ${entry.isLinked}::boolean)`);
    await sql`
      UPDATE device
         SET is_connected_to_vpn = c.is_linked,
             is_online = c.is_linked OR api_heartbeat_state = 'online',
             last_connectivity_event = now(),
             last_vpn_event = now()
        FROM (VALUES ${sql.join(rows)}) AS c(id, is_linked)
       WHERE device.id = c.id`.execute(this.#db);
  }
}

/** One per event bus (an API process; tests run several apps on one database). */
const publishers = new WeakMap<LivePublishTarget['eventBus'], LinkStatePublisher>();
function publisherFor(live: LiveLinkTarget): LinkStatePublisher {
  let publisher = publishers.get(live.eventBus);
  if (!publisher) publishers.set(live.eventBus, (publisher = new LinkStatePublisher(live)));
  return publisher;
}

/** How long link changes are collected before their devices are read and pushed. */
const PUBLISH_WINDOW_MS = 50;

/**
 * Pushes the devices of committed link-state batches: ids are collected for a short window (and
 * while the previous read runs), then read and published once per batch (device-events.ts reads
 * them 500 at a time). Batches go out one after another, so a device's later state is never
 * overtaken by an earlier read. A refused read is tried again like a write; after the last
 * pause the change waits for the dashboard's fallback poll.
 */
class LinkStatePublisher {
  readonly #live: LiveLinkTarget;
  readonly #ids = new Set<number>();
  #running = false;

  constructor(live: LiveLinkTarget) {
    this.#live = live;
  }

  add(id: number): void {
    this.#ids.add(id);
    if (this.#running) return;
    this.#running = true;
    void this.#drain();
  }

  async #drain(): Promise<void> {
    await new Promise((r) => setTimeout(r, PUBLISH_WINDOW_MS));
    while (this.#ids.size > 0) {
      const ids = [...this.#ids];
      this.#ids.clear();
      for (let attempt = 0; ; attempt++) {
        try {
          await publishDeviceChanges(this.#live, ids);
          break;
        } catch (err) {
          const pause = RETRY_MS[attempt];
          if (pause === undefined) {
            this.#live.log.warn({ err, devices: ids.length }, 'could not publish device link changes');
            break;
          }
          await new Promise((r) => setTimeout(r, pause));
        }
      }
    }
    this.#running = false;
  }
}

/** The device a link belongs to, when it may link: active, and the key's own device. */
export async function findLinkableDevice(db: Db, deviceId: number): Promise<{ id: number; uuid: string } | undefined> {
  const r = await sql<{ id: number; uuid: string }>`SELECT id, uuid FROM device WHERE id = ${deviceId} AND is_active AND NOT is_frozen`.execute(db);
  return r.rows[0];
}

/** Whether the device still exists and is active (an open link's re-check, link-access.ts). */
export async function isDeviceActive(db: Db, deviceId: number): Promise<boolean> {
  const r = await sql<{ id: number }>`SELECT id FROM device WHERE id = ${deviceId} AND is_active`.execute(db);
  return r.rows.length > 0;
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
