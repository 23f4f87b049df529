import { sql, type RawBuilder } from 'kysely';

/**
 * The API heartbeat's SQL (compat §5.7), shared by the poll that writes it
 * (target-state.repository.ts) and the job that expires it (jobs/heartbeat.ts), so that both
 * read a device's poll interval the same way. Every fragment refers to the device as `d`.
 */

/** Longest gap between heartbeat writes for an online device (a quarter of its poll interval, at most this). */
export const HEARTBEAT_WRITE_MAX_MS = 5000;

/**
 * Poll interval (ms) of device `d`: device config var, else fleet config var, else the default;
 * under either name, BALENA_ before RESIN_, a value that is not a positive integer skipped. One
 * lookup per (owner, name) on its unique index, the first found winning (coalesce evaluates no
 * further): no sort, since a due check may run this for every poll of a batch.
 */
export function pollIntervalMs(defaultMs: number): RawBuilder<number> {
  const valueOf = (table: string, owner: RawBuilder<unknown>, name: string) => sql`(
    SELECT v.value::numeric FROM ${sql.table(table)} v
     WHERE ${owner} AND v.name = ${sql.lit(name)} AND v.value ~ '^[0-9]{1,12}$' AND v.value::numeric > 0)`;
  const layers = [
    ['device_config_variable', sql`v.device = d.id`],
    ['application_config_variable', sql`v.application = d.belongs_to__application`],
  ] as const;
  const lookups = layers.flatMap(([table, owner]) => POLL_INTERVAL_NAMES.map((name) => valueOf(table, owner, name)));
  return sql<number>`coalesce(${sql.join(lookups)}, ${defaultMs}::numeric)`;
}

/** The names a poll interval is set under, the first winning (compat §5.2: the supervisor reads BALENA_ before RESIN_). */
const POLL_INTERVAL_NAMES = ['BALENA_SUPERVISOR_POLL_INTERVAL', 'RESIN_SUPERVISOR_POLL_INTERVAL'] as const;

/**
 * True when a poll of `d` must write its heartbeat: it is not online yet, or the last write is
 * older than min(5 s, poll interval / 4). A device polling on time then writes on every poll
 * (its gap exceeds the threshold), while a burst of polls costs one write; and since the gap
 * stays below half the interval, no device on schedule can reach the job's 1.5 × interval
 * timeout between two writes. The interval is the job's own (pollIntervalMs), not the target
 * state's parse of the same variables, so the two thresholds cannot disagree.
 *
 * "Older than min(5 s, interval / 4)" is written as "older than 5 s, or older than interval / 4",
 * the same condition, so that the interval's lookups run only for a device that polled within
 * the last 5 s: a device polling on a schedule of minutes never pays for them.
 */
export function heartbeatDue(defaultPollMs: number): RawBuilder<boolean> {
  return sql<boolean>`(d.api_heartbeat_state <> 'online' OR NOT d.is_online OR d.last_connectivity_event IS NULL
    OR d.last_connectivity_event < now() - make_interval(secs => ${HEARTBEAT_WRITE_MAX_MS / 1000}::double precision)
    OR d.last_connectivity_event < now() - make_interval(secs => (${pollIntervalMs(defaultPollMs)} / 4000)::double precision))`;
}

/** The columns a heartbeat sets (online, seen now; the state-change date only on a change). */
export const HEARTBEAT_SET = sql`
  changed_api_heartbeat_state_on__date = CASE WHEN d.api_heartbeat_state <> 'online' THEN now()
                                              ELSE d.changed_api_heartbeat_state_on__date END,
  api_heartbeat_state = 'online',
  is_online = true,
  last_connectivity_event = now()`;
