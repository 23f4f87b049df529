/**
 * Environment and configuration variable naming rules (fleets spec §5 "Variable names",
 * compat §4 and §6.2: the values `GET /config/vars` publishes to balena-cli). Written once for
 * the API (fleets/variable.hooks.ts) and the dashboard, which may feed the rules it read from
 * `GET /config/vars` through `variableNameRulesFrom` and get the same answers.
 */
export const RESERVED_NAMES = ['RESIN', 'BALENA', 'USER'] as const;
export const RESERVED_NAMESPACES = ['RESIN_', 'BALENA_'] as const;
/** Matches an invalid environment variable name (as published to clients). */
export const INVALID_ENV_VAR_NAME = /^\d|\W/;
/** Matches an invalid configuration variable name (as published to clients). */
export const INVALID_CONFIG_VAR_NAME = /^[\d:]|[^A-Za-z0-9_:]/;
/**
 * Both kinds "start with a letter" (fleets spec §5). The published regexes (kept as balena
 * publishes them) let a leading underscore through; this closes it.
 */
const STARTS_WITH_LETTER = /^[A-Za-z]/;

/** Configuration variables the device agent understands (without namespace prefix). */
export const WHITELISTED_CONFIG_NAMES = [
  'SUPERVISOR_POLL_INTERVAL',
  'SUPERVISOR_LOCAL_MODE',
  'SUPERVISOR_CONNECTIVITY_CHECK',
  'SUPERVISOR_LOG_CONTROL',
  'SUPERVISOR_DELTA',
  'SUPERVISOR_DELTA_VERSION',
  'SUPERVISOR_DELTA_APPLY_TIMEOUT',
  'SUPERVISOR_DELTA_REQUEST_TIMEOUT',
  'SUPERVISOR_DELTA_RETRY_COUNT',
  'SUPERVISOR_DELTA_RETRY_INTERVAL',
  'SUPERVISOR_OVERRIDE_LOCK',
  'SUPERVISOR_PERSISTENT_LOGGING',
  'SUPERVISOR_INSTANT_UPDATE_TRIGGER',
  'SUPERVISOR_VPN_CONTROL',
  'SUPERVISOR_HARDWARE_METRICS',
  'OVERRIDE_LOCK',
  'HOST_FIREWALL_MODE',
  'HOST_DISCOVERABILITY',
  'HOST_SPLASH_IMAGE',
  'HOST_LOG_TO_DISPLAY',
] as const;
/** Families of configuration names (without namespace prefix): every name continuing them is configuration. */
export const WHITELISTED_CONFIG_NAMESPACES = ['HOST_CONFIG_', 'HOST_EXTLINUX_', 'HOST_ODMDATA_'] as const;
/**
 * Names the device agent injects into every container itself (without namespace prefix);
 * setting them as variables would shadow the real values: reserved.
 */
export const BLACKLISTED_SUFFIXES = ['API_KEY', 'DEVICE_UUID', 'APP_ID', 'DEVICE_TYPE', 'SUPERVISOR_ADDRESS', 'SUPERVISOR_API_KEY'] as const;

const withNamespaces = (suffixes: readonly string[]): string[] => RESERVED_NAMESPACES.flatMap((ns) => suffixes.map((s) => `${ns}${s}`));
/** `whiteListedNames` of `GET /config/vars`. */
export const WHITELISTED_NAMES: readonly string[] = withNamespaces(WHITELISTED_CONFIG_NAMES);
/** `whiteListedNamespaces` of `GET /config/vars`. */
export const WHITELISTED_NAMESPACES: readonly string[] = withNamespaces(WHITELISTED_CONFIG_NAMESPACES);
/** `blackListedNames` of `GET /config/vars`. */
export const BLACKLISTED_NAMES: readonly string[] = withNamespaces(BLACKLISTED_SUFFIXES);

export const MSG_NAME_REQUIRED = 'A variable name is required';
export const MSG_INVALID_ENV_VAR_NAME =
  'Environment variables should start with a letter and only contain letters, digits and underscores.';
export const MSG_INVALID_CONFIG_VAR_NAME =
  'Configuration variables should start with a letter and only contain letters, digits, underscores or a colon.';
export const MSG_CONFIG_MANAGED_ELSEWHERE = 'Configuration variables are managed through the Configuration page.';
export const MSG_RESERVED_NAME = 'This environment variable is reserved and cannot be used.';
export const reservedNamespaceMessage = (namespaces: readonly string[]) =>
  `Variables beginning with ${namespaces.join(', ')} configure balenaOS features. They must be named as per the documentation and managed on the Configuration page.`;
export const configNamespaceRequiredMessage = (namespaces: readonly string[]) => `Configuration variables should begin with ${namespaces.join(', ')}`;
export const MSG_RESERVED_NAMESPACE = reservedNamespaceMessage(RESERVED_NAMESPACES);
export const MSG_CONFIG_NAMESPACE_REQUIRED = configNamespaceRequiredMessage(RESERVED_NAMESPACES);
export const MSG_VALUE_LINE_BREAK = 'Variable values must not contain line breaks.';
/** The least poll interval (ms) a device may be given: /config/vars' schema says so, the dashboard checks it. */
export const MIN_POLL_INTERVAL_MS = 10_000;
export const MSG_POLL_INTERVAL = `The poll interval must be a whole number of milliseconds, at least ${MIN_POLL_INTERVAL_MS}.`;
/** The service a fleet or device variable needs when there are services to choose from (fleets spec §5). */
export const MSG_SERVICE_NOT_FOUND = 'service not found';

/**
 * The dashboard's translation keys (fleets spec §5) and the API's answers that carry them:
 * a missing name is a 400 with `code: 'mandatory_name'`; a duplicate name for the same owner
 * is a 409 whose text says "unique" (balena's wire answer, which the SDK's upsert relies on)
 * with `code: 'unique'`; any other broken name rule is a 400 `invalid_name` whose `error` is
 * the rule's message.
 */
export const FIELD_ERROR_MANDATORY_NAME = 'fields_errors.mandatory_name';
export const FIELD_ERROR_ALREADY_EXIST = 'fields_errors.already_exist';
export const VARIABLE_ERROR_CODES = { mandatoryName: 'mandatory_name', invalidName: 'invalid_name', invalidValue: 'invalid_value', duplicate: 'unique' } as const;

/** True for the API's answer to a duplicate variable name (or tag key) for the same owner. */
export function isDuplicateNameError(status: number | undefined, body: unknown): boolean {
  if (status !== 409) return false;
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return /unique/i.test(text);
}

/** The rule set, shaped like the body of `GET /config/vars` (regexes as objects). */
export interface VariableNameRules {
  reservedNames: readonly string[];
  reservedNamespaces: readonly string[];
  invalidRegex: RegExp;
  configVarInvalidRegex: RegExp;
  whiteListedNames: readonly string[];
  whiteListedNamespaces: readonly string[];
  blackListedNames: readonly string[];
}

export const DEFAULT_VARIABLE_NAME_RULES: VariableNameRules = {
  reservedNames: RESERVED_NAMES,
  reservedNamespaces: RESERVED_NAMESPACES,
  invalidRegex: INVALID_ENV_VAR_NAME,
  configVarInvalidRegex: INVALID_CONFIG_VAR_NAME,
  whiteListedNames: WHITELISTED_NAMES,
  whiteListedNamespaces: WHITELISTED_NAMESPACES,
  blackListedNames: BLACKLISTED_NAMES,
};

/** `/^\d|\W/` as published → the RegExp (flags kept); undefined when it is not one. */
function parseRegex(text: unknown): RegExp | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^\/(.*)\/([a-z]*)$/s.exec(text);
  try {
    return m ? new RegExp(m[1]!, m[2]) : undefined;
  } catch {
    return undefined;
  }
}

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

/** The rules from a `GET /config/vars` body; anything missing or malformed falls back to the built-in rule. */
export function variableNameRulesFrom(body: Partial<Record<keyof VariableNameRules, unknown>> | null | undefined): VariableNameRules {
  const d = DEFAULT_VARIABLE_NAME_RULES;
  return {
    reservedNames: strings(body?.reservedNames) ?? d.reservedNames,
    reservedNamespaces: strings(body?.reservedNamespaces) ?? d.reservedNamespaces,
    invalidRegex: parseRegex(body?.invalidRegex) ?? d.invalidRegex,
    configVarInvalidRegex: parseRegex(body?.configVarInvalidRegex) ?? d.configVarInvalidRegex,
    whiteListedNames: strings(body?.whiteListedNames) ?? d.whiteListedNames,
    whiteListedNamespaces: strings(body?.whiteListedNamespaces) ?? d.whiteListedNamespaces,
    blackListedNames: strings(body?.blackListedNames) ?? d.blackListedNames,
  };
}

const startsWithAny = (name: string, prefixes: readonly string[]) => prefixes.some((p) => name.startsWith(p));

/** True for a namespaced name the device agent knows, e.g. `BALENA_SUPERVISOR_POLL_INTERVAL` or `RESIN_HOST_CONFIG_gpu_mem`. */
export function isWhitelistedConfigName(name: string, rules: VariableNameRules = DEFAULT_VARIABLE_NAME_RULES): boolean {
  return rules.whiteListedNames.includes(name) || rules.whiteListedNamespaces.some((p) => name.startsWith(p) && name.length > p.length);
}

/** Which rule set a name follows: environment (fleet, service, build, device, device-service) or configuration (fleet, device). */
export type VariableNameKind = 'env' | 'config';

/** The message of the first broken §5 rule for `name` of `kind`, or null when the name is valid. */
export function validateVariableName(
  name: string | null | undefined,
  kind: VariableNameKind,
  rules: VariableNameRules = DEFAULT_VARIABLE_NAME_RULES,
): string | null {
  if (name == null || name === '') return MSG_NAME_REQUIRED;
  if (kind === 'config') {
    if (!STARTS_WITH_LETTER.test(name) || rules.configVarInvalidRegex.test(name)) return MSG_INVALID_CONFIG_VAR_NAME;
    if (rules.blackListedNames.includes(name)) return MSG_RESERVED_NAME;
    if (!startsWithAny(name, rules.reservedNamespaces)) return configNamespaceRequiredMessage(rules.reservedNamespaces);
    return null;
  }
  if (!STARTS_WITH_LETTER.test(name) || rules.invalidRegex.test(name)) return MSG_INVALID_ENV_VAR_NAME;
  if (rules.reservedNames.includes(name) || rules.blackListedNames.includes(name)) return MSG_RESERVED_NAME;
  if (isWhitelistedConfigName(name, rules)) return MSG_CONFIG_MANAGED_ELSEWHERE;
  if (startsWithAny(name, rules.reservedNamespaces)) return reservedNamespaceMessage(rules.reservedNamespaces);
  return null;
}

/** Environment (and service / build / device / device-service) variable names: the message of the broken rule, or null. */
export function validateEnvVarName(name: string | null | undefined, rules?: VariableNameRules): string | null {
  return validateVariableName(name, 'env', rules);
}

/** Configuration variable names: must be namespaced (`BALENA_`/`RESIN_`). */
export function validateConfigVarName(name: string | null | undefined, rules?: VariableNameRules): string | null {
  return validateVariableName(name, 'config', rules);
}

/** Values are single-line strings (compat §6.2). */
export function validateVariableValue(value: unknown): string | null {
  if (typeof value === 'string' && /[\r\n]/.test(value)) return MSG_VALUE_LINE_BREAK;
  return null;
}

/**
 * A configuration variable's value checked against its setting: the target-state poll interval
 * (BALENA_/RESIN_SUPERVISOR_POLL_INTERVAL) is a whole number of milliseconds, at least
 * MIN_POLL_INTERVAL_MS. Devices get what is stored, and the heartbeat's deadline follows it.
 */
export function validateConfigVarValue(name: string, value: string): string | null {
  if (/^(BALENA|RESIN)_SUPERVISOR_POLL_INTERVAL$/.test(name) && !(/^[0-9]{1,12}$/.test(value) && Number(value) >= MIN_POLL_INTERVAL_MS)) return MSG_POLL_INTERVAL;
  return null;
}

/** Boolean variable strings treated as true (fleets spec §5). */
export function isTruthyVariableValue(value: string | null | undefined): boolean {
  return value === 'true' || value === '1';
}
