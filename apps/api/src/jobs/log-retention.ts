import { sql } from 'kysely';
import { DEFAULT_LOG_RETENTION_LINES } from '@flotilla/core/schemas/device-logs';
import type { Db } from '../db/database.ts';
import { FLEET_LOG_RETENTION_VARIABLES, fleetRetentionLines } from './log-retention-override.ts';
import { startPeriodic, stderrJobLogger, type JobLogger } from './periodic.ts';
import { ADVISORY_LOCK_KEYS } from './lock-keys.ts';

/**
 * Device log retention: each device keeps its newest `keepLines` lines (LOG_RETENTION_LINES,
 * default 1000 as balena keeps), or more if its fleet asks (log-retention-override.ts); older
 * ones are deleted here, never on the ingest path, so a device's upload only ever inserts. Only devices that logged since the last tick are looked
 * at: the lines above a watermark id (a range scan of the primary key) name them, and each is
 * cut at its keep-th newest id (an index scan of device_log (device, id)). One replica
 * at a time (PostgreSQL advisory lock); a replica that takes over starts from its own older
 * watermark, which only means more devices looked at once.
 */
export const LOG_RETENTION_LOCK_KEY = ADVISORY_LOCK_KEYS.logRetention;
const DEFAULT_TICK_MS = 60_000;

export interface LogRetentionTickResult {
  ran: boolean;
  devices: number;
  deleted: number;
}

export interface LogRetention {
  tick(): Promise<LogRetentionTickResult>;
}

export function createLogRetention(db: Db, keepLines = DEFAULT_LOG_RETENTION_LINES): LogRetention {
  let watermark = 0;
  return {
    tick: () =>
      db.transaction().execute(async (tx) => {
        const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${LOG_RETENTION_LOCK_KEY}) AS locked`.execute(tx);
        if (!lock.rows[0]?.locked) return { ran: false, devices: 0, deleted: 0 };
        const top = await sql<{ max: number | null }>`SELECT max(id) AS max FROM device_log`.execute(tx);
        const upTo = Number(top.rows[0]?.max ?? 0);
        if (upTo <= watermark) return { ran: true, devices: 0, deleted: 0 };
        // The devices that logged, each with its fleet's retention variables (if any).
        const touched = await sql<{ device: number; name: string | null; value: string | null }>`
          WITH touched AS (SELECT DISTINCT l.device FROM device_log l WHERE l.id > ${watermark} AND l.id <= ${upTo})
          SELECT t.device, v.name, v.value FROM touched t
            JOIN device d ON d.id = t.device
            LEFT JOIN application_config_variable v
              ON v.application = d.belongs_to__application AND v.name = ANY (${[...FLEET_LOG_RETENTION_VARIABLES]}::text[])`.execute(tx);
        const variables = new Map<number, Map<string, string>>();
        for (const row of touched.rows) {
          const own = variables.get(row.device) ?? new Map<string, string>();
          if (row.name !== null && row.value !== null) own.set(row.name, row.value);
          variables.set(row.device, own);
        }
        const devices = [...variables.keys()];
        const keeps = devices.map((id) => fleetRetentionLines(keepLines, variables.get(id)!));
        // Each device is cut at its keep-th newest id: one backwards step of device_log (device, id).
        const r = await sql<{ deleted: number }>`
          WITH cut AS (
                 SELECT t.device, x.id AS cutoff FROM unnest(${devices}::int[], ${keeps}::int[]) AS t(device, keep)
                 CROSS JOIN LATERAL (SELECT k.id FROM device_log k WHERE k.device = t.device ORDER BY k.id DESC OFFSET t.keep LIMIT 1) x),
               gone AS (DELETE FROM device_log l USING cut WHERE l.device = cut.device AND l.id <= cut.cutoff RETURNING 1)
          SELECT count(*)::int AS deleted FROM gone`.execute(tx);
        watermark = upTo;
        return { ran: true, devices: devices.length, deleted: r.rows[0]?.deleted ?? 0 };
      }),
  };
}

export interface LogRetentionJobOptions {
  keepLines?: number;
  intervalMs?: number;
  log?: JobLogger;
}

/** Starts the periodic job; the returned function stops it and waits for a running tick. */
export function startLogRetentionJob(db: Db, opts: LogRetentionJobOptions = {}): () => Promise<void> {
  const log = opts.log ?? stderrJobLogger;
  const retention = createLogRetention(db, opts.keepLines);
  return startPeriodic(() => retention.tick(), opts.intervalMs ?? DEFAULT_TICK_MS, {
    name: 'log-retention',
    log,
    onResult: (result) => {
      if (result.deleted > 0) log.info({ job: 'log-retention', devices: result.devices, deleted: result.deleted }, 'old device log lines deleted');
    },
  });
}
