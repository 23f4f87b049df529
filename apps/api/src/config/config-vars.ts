import {
  BLACKLISTED_NAMES,
  MIN_POLL_INTERVAL_MS,
  INVALID_CONFIG_VAR_NAME,
  INVALID_ENV_VAR_NAME,
  RESERVED_NAMES,
  RESERVED_NAMESPACES,
  WHITELISTED_NAMES,
  WHITELISTED_NAMESPACES,
} from '@flotilla/core/variable-names';
import { hostConfigProperties, type SchemaProperty } from './config-var-schema.ts';

/**
 * The body of `GET /config/vars` (compat §4, §6.2). balena-cli's `env set` reads
 * `reservedNamespaces` to decide between a config and an environment variable; the dashboard
 * builds its configuration page from `configVarSchema`. Everything is derived from the one
 * rule set in @flotilla/core/variable-names.
 */

/** A few supervisor settings the dashboard edits (names as balena documents them). */
const SUPERVISOR_SETTINGS: Record<string, SchemaProperty> = {
  SUPERVISOR_POLL_INTERVAL: {
    type: 'integer',
    title: 'Target state poll interval',
    description: 'Interval in milliseconds between checks for a new target state.',
    default: 900000,
    minimum: MIN_POLL_INTERVAL_MS,
  },
  SUPERVISOR_CONNECTIVITY_CHECK: {
    type: 'boolean',
    title: 'Connectivity check',
    description: 'Enable or disable the VPN connectivity check.',
    default: true,
  },
  SUPERVISOR_LOG_CONTROL: {
    type: 'boolean',
    title: 'Send logs',
    description: 'Enable or disable sending logs to the dashboard.',
    default: true,
  },
  SUPERVISOR_DELTA: {
    type: 'boolean',
    title: 'Delta updates',
    description: 'Download only the differences between releases.',
    default: false,
  },
  SUPERVISOR_PERSISTENT_LOGGING: {
    type: 'boolean',
    title: 'Persistent logging',
    description: 'Keep logs on the device across reboots.',
    default: false,
    will_reboot: true,
  },
  SUPERVISOR_INSTANT_UPDATE_TRIGGER: {
    type: 'boolean',
    title: 'Instant updates',
    description: 'Apply updates as soon as the device is notified.',
    default: true,
  },
  SUPERVISOR_VPN_CONTROL: {
    type: 'boolean',
    title: 'VPN',
    description: 'Enable or disable the connection to the cloud link.',
    default: true,
  },
  HOST_FIREWALL_MODE: {
    type: 'string',
    title: 'Host firewall mode',
    description: 'Firewall mode of the host OS.',
    enum: ['on', 'off', 'auto'],
    default: 'off',
  },
};

/** The body for `deviceType` (a slug; its family adds its host configuration to the schema), or for no type. */
export function buildConfigVars(deviceType?: string) {
  const properties: Record<string, SchemaProperty> = {};
  for (const [suffix, property] of Object.entries(SUPERVISOR_SETTINGS)) properties[`BALENA_${suffix}`] = property;
  Object.assign(properties, hostConfigProperties(deviceType));
  return {
    reservedNames: [...RESERVED_NAMES],
    reservedNamespaces: [...RESERVED_NAMESPACES],
    invalidRegex: INVALID_ENV_VAR_NAME.toString(),
    configVarInvalidRegex: INVALID_CONFIG_VAR_NAME.toString(),
    whiteListedNames: [...WHITELISTED_NAMES],
    whiteListedNamespaces: [...WHITELISTED_NAMESPACES],
    blackListedNames: [...BLACKLISTED_NAMES],
    configVarSchema: {
      $schema: 'http://json-schema.org/draft-06/schema#',
      type: 'object',
      properties,
    },
  };
}
