import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { startPeriodic, stderrJobLogger, type JobLogger } from './periodic.ts';
import type { AppConfig } from '../lib/config.ts';
import type { EventBus } from '../live/event-bus.ts';
import { publishDeviceChanges } from '../live/device-events.ts';
import { pollIntervalMs } from '../devices/heartbeat-sql.ts';

/**
 * API heartbeat expiry (compat §5.7): an online device that has not polled within
 * 1.5 × its poll interval goes `timeout` — the interval of the state it last got
 * (device_target_cache.poll_interval_ms, migration 0099), else the configured one: an interval
 * lowered since reaches the device only with its next poll, so it must not time it out before; a device in `timeout` for longer than the grace
 * period goes `offline`. `is_online` follows (true only while online). Each tick is one
 * transaction holding a PostgreSQL advisory lock, so with several replicas only one works.
 */

/** Advisory lock key of this job (any constant unique among the server's jobs). */
export const HEARTBEAT_LOCK_KEY = 727_301;
const DEFAULT_TICK_MS = 5000;

export interface HeartbeatTickResult {
  /** False when another replica held the lock and this tick did nothing. */
  ran: boolean;
  timedOut: number;
  offline: number;
  /** The devices whose state changed (pushed to the dashboard after the tick commits). */
  changedIds?: number[];
}

export async function runHeartbeatTick(db: Db, config: AppConfig, now?: Date): Promise<HeartbeatTickResult> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return db.transaction().execute(async (tx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${HEARTBEAT_LOCK_KEY}) AS locked`.execute(tx);
    if (!lock.rows[0]?.locked) return { ran: false, timedOut: 0, offline: 0 };

    // Offline first, so a device that times out in this tick gets its full grace period.
    const offline = await sql<{ id: number }>`
      UPDATE device SET api_heartbeat_state = 'offline', is_online = false, changed_api_heartbeat_state_on__date = ${at}
       WHERE api_heartbeat_state = 'timeout'
         AND coalesce(changed_api_heartbeat_state_on__date, '-infinity'::timestamptz)
             < ${at} - make_interval(secs => ${config.heartbeatOfflineGraceSeconds}::double precision)
       RETURNING id`.execute(tx);

    const timedOut = await sql<{ id: number }>`
      UPDATE device d SET api_heartbeat_state = 'timeout', is_online = false, changed_api_heartbeat_state_on__date = ${at}
       WHERE d.api_heartbeat_state = 'online'
         AND coalesce(d.last_connectivity_event, '-infinity'::timestamptz)
             < ${at} - make_interval(secs => (1.5 * coalesce((SELECT c.poll_interval_ms FROM device_target_cache c WHERE c.device = d.id),
                                                                 ${pollIntervalMs(config.defaultPollIntervalMs)}) / 1000)::double precision)
       RETURNING d.id`.execute(tx);

    const changedIds = [...offline.rows, ...timedOut.rows].map((r) => r.id);
    return { ran: true, timedOut: timedOut.rows.length, offline: offline.rows.length, changedIds };
  });
}

export interface HeartbeatJobOptions {
  /** Time between ticks (default 5 s). */
  intervalMs?: number;
  /** Failures are logged here (the server's logger); default stderr. */
  log?: JobLogger;
  onTick?: (result: HeartbeatTickResult) => void;
  /** Where the devices that changed state are published (live/device-events.ts). */
  eventBus?: EventBus;
}

/**
 * Starts the periodic job; the returned function stops it and waits for a running tick.
 * Devices changing state are logged at `info`, a failing tick at `error`.
 */
export function startHeartbeatJob(db: Db, config: AppConfig, opts: HeartbeatJobOptions = {}): () => Promise<void> {
  const log = opts.log ?? stderrJobLogger;
  return startPeriodic(() => runHeartbeatTick(db, config), opts.intervalMs ?? DEFAULT_TICK_MS, {
    name: 'heartbeat',
    log,
    onResult: (result) => {
      if (result.timedOut > 0 || result.offline > 0) log.info({ job: 'heartbeat', timedOut: result.timedOut, offline: result.offline }, 'device heartbeats expired');
      if (opts.eventBus && result.changedIds?.length) {
        publishDeviceChanges({ db, eventBus: opts.eventBus }, result.changedIds).catch((err: unknown) => log.error({ err, job: 'heartbeat' }, 'could not publish heartbeat changes'));
      }
      opts.onTick?.(result);
    },
  });
}
