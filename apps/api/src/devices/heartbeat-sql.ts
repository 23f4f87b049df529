import { sql, type RawBuilder } from 'kysely';

/**
 * The API heartbeat's SQL (compat §5.7), shared by the poll that writes it
 * (target-state.repository.ts) and the job that expires it (jobs/heartbeat.ts), so that both
 * read a device's poll interval the same way. Every fragment refers to the device as `d`.
 */

/** Longest gap between heartbeat writes for an online device (a quarter of its poll interval, at most this). */
export const HEARTBEAT_WRITE_MAX_MS = 5000;

/** Poll interval (ms) of device `d`: device config var, else fleet config var, else the default. */
export function pollIntervalMs(defaultMs: number): RawBuilder<number> {
  const pick = (table: string, owner: RawBuilder<unknown>) => sql`(
    SELECT v.value::numeric FROM ${sql.table(table)} v
     WHERE ${owner} AND v.name IN ('BALENA_SUPERVISOR_POLL_INTERVAL', 'RESIN_SUPERVISOR_POLL_INTERVAL')
       AND v.value ~ '^[0-9]{1,12}$' AND v.value::numeric > 0
     ORDER BY v.name = 'BALENA_SUPERVISOR_POLL_INTERVAL' DESC LIMIT 1)`;
  return sql<number>`coalesce(
    ${pick('device_config_variable', sql`v.device = d.id`)},
    ${pick('application_config_variable', sql`v.application = d.belongs_to__application`)},
    ${defaultMs}::numeric)`;
}

/**
 * True when a poll of `d` must write its heartbeat: it is not online yet, or the last write is
 * older than min(5 s, poll interval / 4). A device polling on time then writes on every poll
 * (its gap exceeds the threshold), while a burst of polls costs one write; and since the gap
 * stays below half the interval, no device on schedule can reach the job's 1.5 × interval
 * timeout between two writes. The interval is the job's own (pollIntervalMs), not the target
 * state's parse of the same variables, so the two thresholds cannot disagree.
 */
export function heartbeatDue(defaultPollMs: number): RawBuilder<boolean> {
  return sql<boolean>`(d.api_heartbeat_state <> 'online' OR NOT d.is_online OR d.last_connectivity_event IS NULL
    OR d.last_connectivity_event < now() - make_interval(secs => (least(${HEARTBEAT_WRITE_MAX_MS}::numeric, ${pollIntervalMs(defaultPollMs)} / 4) / 1000)::double precision))`;
}

/** The columns a heartbeat sets (online, seen now; the state-change date only on a change). */
export const HEARTBEAT_SET = sql`
  changed_api_heartbeat_state_on__date = CASE WHEN d.api_heartbeat_state <> 'online' THEN now()
                                              ELSE d.changed_api_heartbeat_state_on__date END,
  api_heartbeat_state = 'online',
  is_online = true,
  last_connectivity_event = now()`;
