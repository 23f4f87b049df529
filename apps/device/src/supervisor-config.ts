/**
 * The supervisor settings the simulated agent applies from its target state's `config`
 * (compat §5.3), read as balena-supervisor reads them: the namespace is dropped and
 * `BALENA_X` wins over `RESIN_X`; booleans are true for "1", "true" and "on" and false for
 * "0", "false" and "off" (anything else keeps the default); the poll interval is a positive
 * integer of milliseconds. Names are the supervisor's (`SUPERVISOR_POLL_INTERVAL`), which is how
 * it names them in its "Applying configuration change {…}" log lines.
 */

export interface SupervisorSettings {
  /** SUPERVISOR_POLL_INTERVAL (ms between target-state polls). */
  pollIntervalMs: number;
  /** SUPERVISOR_LOCAL_MODE: the cloud's apps are not applied, apps are not reported, logs stay on the device. */
  localMode: boolean;
  /** SUPERVISOR_HARDWARE_METRICS: cpu, memory, storage and temperature in state reports. */
  hardwareMetrics: boolean;
  /** SUPERVISOR_LOG_CONTROL: log lines are sent to the cloud. */
  logControl: boolean;
}

export const SUPERVISOR_DEFAULTS: SupervisorSettings = {
  pollIntervalMs: 900_000,
  localMode: false,
  hardwareMetrics: true,
  logControl: true,
};

type Parser<K extends keyof SupervisorSettings> = (raw: string) => SupervisorSettings[K] | undefined;

const TRUE = new Set(['1', 'true', 'on']);
const FALSE = new Set(['0', 'false', 'off']);
const bool: Parser<'localMode'> = (raw) => {
  const v = raw.trim().toLowerCase();
  return TRUE.has(v) ? true : FALSE.has(v) ? false : undefined;
};
const positiveInt: Parser<'pollIntervalMs'> = (raw) => {
  const n = Number(raw.trim());
  return raw.trim() !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Setting name (without namespace) → field and parser. */
const SETTINGS = {
  SUPERVISOR_POLL_INTERVAL: ['pollIntervalMs', positiveInt],
  SUPERVISOR_LOCAL_MODE: ['localMode', bool],
  SUPERVISOR_HARDWARE_METRICS: ['hardwareMetrics', bool],
  SUPERVISOR_LOG_CONTROL: ['logControl', bool],
} as const satisfies Record<string, readonly [keyof SupervisorSettings, (raw: string) => unknown]>;
export type SettingName = keyof typeof SETTINGS;

/** The value of setting `name` in a target config: BALENA_ first, then RESIN_ (supervisor formatConfigKeys). */
function rawValue(config: Record<string, string>, name: string): string | undefined {
  return config[`BALENA_${name}`] ?? config[`RESIN_${name}`];
}

/**
 * The settings a target config asks for: the default for those it leaves out, `fallback` (the
 * settings in force) for those set to a value the supervisor would not accept (a "ten" poll
 * interval keeps the previous one, as a rejected config change does).
 */
export function settingsFrom(config: Record<string, string>, fallback: SupervisorSettings = SUPERVISOR_DEFAULTS): SupervisorSettings {
  const out = { ...fallback };
  for (const [name, [field, parse]] of Object.entries(SETTINGS)) {
    const raw = rawValue(config, name);
    if (raw === undefined) {
      (out as Record<string, unknown>)[field] = SUPERVISOR_DEFAULTS[field];
      continue;
    }
    const parsed = parse(raw);
    if (parsed !== undefined) (out as Record<string, unknown>)[field] = parsed;
  }
  return out;
}

/** The settings that differ between `before` and `after`, named and written as the supervisor logs them. */
export function settingChanges(before: SupervisorSettings, after: SupervisorSettings): Partial<Record<SettingName, string>> {
  const out: Partial<Record<SettingName, string>> = {};
  for (const [name, [field]] of Object.entries(SETTINGS) as Array<[SettingName, (typeof SETTINGS)[SettingName]]>) {
    if (before[field] !== after[field]) out[name] = String(after[field]);
  }
  return out;
}

/** The metric fields a state report leaves out when hardware metrics are off (is_undervolted is a check, not a metric). */
export const HARDWARE_METRIC_FIELDS = ['cpu_usage', 'cpu_temp', 'memory_usage', 'memory_total', 'storage_usage', 'storage_total', 'storage_block_device', 'cpu_id'] as const;
