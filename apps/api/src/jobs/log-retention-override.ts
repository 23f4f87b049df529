/**
 * A fleet's own log retention (issue 14: "a fleet or operator may keep more"). It is a fleet
 * configuration variable, so it is set like any other (dashboard Configuration page,
 * `balena env set --config`, `application_config_variable` over OData) and its name passes the
 * spec's configuration-variable rules (fleets spec §5 "Variable names": custom configuration
 * names start with `BALENA_` or `RESIN_`). A device's supervisor ignores configuration names it
 * does not know, so the variable only speaks to this server.
 */
export const FLEET_LOG_RETENTION_VARIABLES = ['BALENA_LOG_RETENTION_LINES', 'RESIN_LOG_RETENTION_LINES'] as const;

/**
 * The most a fleet may ask for: one fleet cannot fill the disk, and everything kept can still
 * be read in one `count=all` history (MAX_HISTORY_LINES). An operator minimum above it wins.
 */
export const FLEET_LOG_RETENTION_MAX = 50_000;

/**
 * The lines each device of a fleet keeps. The operator's LOG_RETENTION_LINES is the floor: a
 * fleet may keep more, never fewer (a lower value, or one that is not a whole number, is
 * ignored rather than refused — the variable is free text). `BALENA_` wins over `RESIN_`, as
 * for every namespaced configuration name.
 */
export function fleetRetentionLines(operatorLines: number, variables: ReadonlyMap<string, string>): number {
  const raw = FLEET_LOG_RETENTION_VARIABLES.map((n) => variables.get(n)).find((v) => v !== undefined);
  const asked = raw !== undefined && /^\s*\d{1,9}\s*$/.test(raw) ? Number(raw) : operatorLines;
  return Math.max(operatorLines, Math.min(asked, FLEET_LOG_RETENTION_MAX));
}
