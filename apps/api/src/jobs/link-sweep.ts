import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LinkHub } from '../device-link/link-hub.ts';
import { startPeriodic, stderrJobLogger, type JobLogger } from './periodic.ts';
import { ADVISORY_LOCK_KEYS } from './lock-keys.ts';
import type { EventBus } from '../live/event-bus.ts';
import { publishDeviceChanges } from '../live/device-events.ts';

/**
 * Devices marked linked whose link no process holds any more (its process crashed, or the
 * link's end could not be written) are marked disconnected. Only devices linked for longer
 * than the grace period are looked at, so a link that is being set up is never cleared; the
 * hub says who holds what (Redis presence keys across processes, the local links alone). One
 * replica at a time (PostgreSQL advisory lock).
 */
export const LINK_SWEEP_LOCK_KEY = ADVISORY_LOCK_KEYS.linkSweep;
const DEFAULT_TICK_MS = 30_000;
const GRACE_SECONDS = 90;
const BATCH = 2000;

export async function runLinkSweep(db: Db, hub: LinkHub): Promise<{ ran: boolean; cleared: number; clearedIds?: number[] }> {
  return db.transaction().execute(async (tx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${LINK_SWEEP_LOCK_KEY}) AS locked`.execute(tx);
    if (!lock.rows[0]?.locked) return { ran: false, cleared: 0 };
    let cleared = 0;
    const clearedIds: number[] = [];
    let afterId = 0;
    for (;;) {
      const r = await sql<{ id: number; uuid: string }>`
        SELECT id, uuid FROM device
         WHERE is_connected_to_vpn AND id > ${afterId}
           AND coalesce(last_vpn_event, '-infinity'::timestamptz) < now() - make_interval(secs => ${GRACE_SECONDS})
         ORDER BY id LIMIT ${BATCH}`.execute(tx);
      if (r.rows.length === 0) break;
      afterId = r.rows.at(-1)!.id;
      const linked = await hub.linkedAmong(r.rows.map((row) => row.uuid));
      const stale = r.rows.filter((row) => !linked.has(row.uuid)).map((row) => row.id);
      if (stale.length > 0) {
        const u = await sql<{ id: number }>`
          UPDATE device SET is_connected_to_vpn = false, is_online = api_heartbeat_state = 'online', last_vpn_event = now()
           WHERE id IN (${sql.join(stale)}) AND is_connected_to_vpn
          RETURNING id`.execute(tx);
        cleared += u.rows.length;
        clearedIds.push(...u.rows.map((row) => row.id));
      }
      if (r.rows.length < BATCH) break;
    }
    return { ran: true, cleared, clearedIds };
  });
}

/** `eventBus`: where the devices found unlinked are published (live/device-events.ts), after the tick commits. */
export function startLinkSweepJob(db: Db, hub: LinkHub, opts: { intervalMs?: number; log?: JobLogger; eventBus?: EventBus } = {}): () => Promise<void> {
  const log = opts.log ?? stderrJobLogger;
  return startPeriodic(() => runLinkSweep(db, hub), opts.intervalMs ?? DEFAULT_TICK_MS, {
    name: 'link-sweep',
    log,
    onResult: (result) => {
      if (result.cleared > 0) log.info({ job: 'link-sweep', cleared: result.cleared }, 'stale device links cleared');
      if (opts.eventBus && result.clearedIds?.length) {
        publishDeviceChanges({ db, eventBus: opts.eventBus }, result.clearedIds).catch((err: unknown) => log.error({ err, job: 'link-sweep' }, 'could not publish cleared links'));
      }
    },
  });
}
