/**
 * Environment and configuration variable naming rules (fleets spec §5 "Variable names",
 * compat §6.2: the values `GET /config/vars` publishes to balena-cli).
 */
export const RESERVED_NAMES = ['RESIN', 'BALENA', 'USER'] as const;
export const RESERVED_NAMESPACES = ['RESIN_', 'BALENA_'] as const;
/** Matches an invalid environment variable name (as published to clients). */
export const INVALID_ENV_VAR_NAME = /^\d|\W/;
/** Matches an invalid configuration variable name (as published to clients). */
export const INVALID_CONFIG_VAR_NAME = /^[\d:]|[^A-Za-z0-9_:]/;

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
const WHITELISTED_CONFIG_PREFIXES = ['HOST_CONFIG_', 'HOST_EXTLINUX_', 'HOST_ODMDATA_'];

export const MSG_NAME_REQUIRED = 'A variable name is required';
export const MSG_INVALID_ENV_VAR_NAME =
  'Environment variables should start with a letter and only contain letters, digits and underscores.';
export const MSG_INVALID_CONFIG_VAR_NAME =
  'Configuration variables should start with a letter and only contain letters, digits, underscores or a colon.';
export const MSG_CONFIG_MANAGED_ELSEWHERE = 'Configuration variables are managed through the Configuration page.';
export const MSG_RESERVED_NAME = 'This environment variable is reserved and cannot be used.';
export const MSG_RESERVED_NAMESPACE = `Variables beginning with ${RESERVED_NAMESPACES.join(', ')} configure balenaOS features. They must be named as per the documentation and managed on the Configuration page.`;
export const MSG_CONFIG_NAMESPACE_REQUIRED = `Configuration variables should begin with ${RESERVED_NAMESPACES.join(', ')}`;
export const MSG_VALUE_LINE_BREAK = 'Variable values must not contain line breaks.';

function namespaceOf(name: string): string | undefined {
  return RESERVED_NAMESPACES.find((ns) => name.startsWith(ns));
}

/** True for a namespaced name the device agent knows, e.g. `BALENA_SUPERVISOR_POLL_INTERVAL`. */
export function isWhitelistedConfigName(name: string): boolean {
  const ns = namespaceOf(name);
  if (!ns) return false;
  const rest = name.slice(ns.length);
  return (
    (WHITELISTED_CONFIG_NAMES as readonly string[]).includes(rest) ||
    WHITELISTED_CONFIG_PREFIXES.some((p) => rest.startsWith(p) && rest.length > p.length)
  );
}

/** Environment (and service / build) variable names: the message of the broken rule, or null. */
export function validateEnvVarName(name: string | null | undefined): string | null {
  if (name == null || name === '') return MSG_NAME_REQUIRED;
  if (INVALID_ENV_VAR_NAME.test(name)) return MSG_INVALID_ENV_VAR_NAME;
  if ((RESERVED_NAMES as readonly string[]).includes(name)) return MSG_RESERVED_NAME;
  if (isWhitelistedConfigName(name)) return MSG_CONFIG_MANAGED_ELSEWHERE;
  if (namespaceOf(name)) return MSG_RESERVED_NAMESPACE;
  return null;
}

/** Configuration variable names: must be namespaced (`BALENA_`/`RESIN_`). */
export function validateConfigVarName(name: string | null | undefined): string | null {
  if (name == null || name === '') return MSG_NAME_REQUIRED;
  if (INVALID_CONFIG_VAR_NAME.test(name)) return MSG_INVALID_CONFIG_VAR_NAME;
  if (!namespaceOf(name)) return MSG_CONFIG_NAMESPACE_REQUIRED;
  return null;
}

/** Values are single-line strings (compat §6.2). */
export function validateVariableValue(value: unknown): string | null {
  if (typeof value === 'string' && /[\r\n]/.test(value)) return MSG_VALUE_LINE_BREAK;
  return null;
}

/** Boolean variable strings treated as true (fleets spec §5). */
export function isTruthyVariableValue(value: string | null | undefined): boolean {
  return value === 'true' || value === '1';
}
