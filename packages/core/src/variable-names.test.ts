import { describe, expect, it } from 'vitest';
import {
  MSG_CONFIG_MANAGED_ELSEWHERE,
  MSG_CONFIG_NAMESPACE_REQUIRED,
  MSG_INVALID_CONFIG_VAR_NAME,
  MSG_INVALID_ENV_VAR_NAME,
  MSG_NAME_REQUIRED,
  MSG_RESERVED_NAME,
  MSG_RESERVED_NAMESPACE,
  MSG_VALUE_LINE_BREAK,
  BLACKLISTED_NAMES,
  DEFAULT_VARIABLE_NAME_RULES,
  isDuplicateNameError,
  isTruthyVariableValue,
  validateVariableName,
  variableNameRulesFrom,
  isWhitelistedConfigName,
  validateConfigVarName,
  validateEnvVarName,
  validateVariableValue,
} from './variable-names.ts';

describe('validateEnvVarName', () => {
  it('accepts ordinary names', () => {
    expect(validateEnvVarName('FOO')).toBeNull();
    expect(validateEnvVarName('my_var_2')).toBeNull();
  });
  it('requires a name', () => {
    expect(validateEnvVarName('')).toBe(MSG_NAME_REQUIRED);
  });
  it('rejects a leading digit or non-word characters', () => {
    expect(validateEnvVarName('1FOO')).toBe(MSG_INVALID_ENV_VAR_NAME);
    expect(validateEnvVarName('FOO-BAR')).toBe(MSG_INVALID_ENV_VAR_NAME);
    expect(validateEnvVarName('FOO:BAR')).toBe(MSG_INVALID_ENV_VAR_NAME);
  });
  it('rejects a leading underscore: names start with a letter', () => {
    expect(validateEnvVarName('_FOO')).toBe(MSG_INVALID_ENV_VAR_NAME);
  });
  it('rejects blacklisted names as reserved, before the namespace rule', () => {
    expect(validateEnvVarName('BALENA_API_KEY')).toBe(MSG_RESERVED_NAME);
    expect(validateEnvVarName('RESIN_DEVICE_UUID')).toBe(MSG_RESERVED_NAME);
    expect(BLACKLISTED_NAMES).toContain('BALENA_SUPERVISOR_API_KEY');
  });
  it('rejects reserved names', () => {
    expect(validateEnvVarName('USER')).toBe(MSG_RESERVED_NAME);
    expect(validateEnvVarName('BALENA')).toBe(MSG_RESERVED_NAME);
    expect(validateEnvVarName('RESIN')).toBe(MSG_RESERVED_NAME);
  });
  it('sends known config names to the configuration page', () => {
    expect(validateEnvVarName('BALENA_SUPERVISOR_POLL_INTERVAL')).toBe(MSG_CONFIG_MANAGED_ELSEWHERE);
    expect(validateEnvVarName('RESIN_HOST_CONFIG_gpu_mem')).toBe(MSG_CONFIG_MANAGED_ELSEWHERE);
  });
  it('rejects other names in a reserved namespace', () => {
    expect(validateEnvVarName('BALENA_SOMETHING')).toBe(MSG_RESERVED_NAMESPACE);
    expect(validateEnvVarName('RESIN_X')).toBe(MSG_RESERVED_NAMESPACE);
    expect(MSG_RESERVED_NAMESPACE).toContain('RESIN_, BALENA_');
  });
});

describe('validateConfigVarName', () => {
  it('accepts namespaced names, with colons', () => {
    expect(validateConfigVarName('BALENA_SUPERVISOR_POLL_INTERVAL')).toBeNull();
    expect(validateConfigVarName('RESIN_HOST_CONFIG_dtoverlay:1')).toBeNull();
  });
  it('requires a namespace', () => {
    expect(validateConfigVarName('FOO')).toBe(MSG_CONFIG_NAMESPACE_REQUIRED);
    expect(validateConfigVarName('BALENA')).toBe(MSG_CONFIG_NAMESPACE_REQUIRED);
  });
  it('rejects invalid characters and a leading digit or colon', () => {
    expect(validateConfigVarName('1BALENA_X')).toBe(MSG_INVALID_CONFIG_VAR_NAME);
    expect(validateConfigVarName(':BALENA_X')).toBe(MSG_INVALID_CONFIG_VAR_NAME);
    expect(validateConfigVarName('BALENA_X-Y')).toBe(MSG_INVALID_CONFIG_VAR_NAME);
    expect(validateConfigVarName('')).toBe(MSG_NAME_REQUIRED);
    expect(validateConfigVarName(null)).toBe(MSG_NAME_REQUIRED);
  });
  it('rejects blacklisted names as reserved', () => {
    expect(validateConfigVarName('BALENA_API_KEY')).toBe(MSG_RESERVED_NAME);
  });
  it('are what validateVariableName answers for each kind', () => {
    expect(validateVariableName('FOO', 'env')).toBeNull();
    expect(validateVariableName('FOO', 'config')).toBe(MSG_CONFIG_NAMESPACE_REQUIRED);
    expect(MSG_CONFIG_NAMESPACE_REQUIRED).toBe('Configuration variables should begin with RESIN_, BALENA_');
  });
});

describe('rules read from GET /config/vars', () => {
  const published = {
    reservedNames: ['RESIN', 'BALENA', 'USER'],
    reservedNamespaces: ['RESIN_', 'BALENA_'],
    invalidRegex: '/^\\d|\\W/',
    configVarInvalidRegex: '/^[\\d:]|[^A-Za-z0-9_:]/',
    whiteListedNames: ['BALENA_SUPERVISOR_POLL_INTERVAL'],
    whiteListedNamespaces: ['BALENA_HOST_CONFIG_'],
    blackListedNames: ['BALENA_API_KEY'],
  };
  it('parse back into the built-in rules', () => {
    const rules = variableNameRulesFrom(published);
    expect(rules.invalidRegex.source).toBe(DEFAULT_VARIABLE_NAME_RULES.invalidRegex.source);
    expect(rules.configVarInvalidRegex.source).toBe(DEFAULT_VARIABLE_NAME_RULES.configVarInvalidRegex.source);
    expect(validateEnvVarName('FOO-BAR', rules)).toBe(MSG_INVALID_ENV_VAR_NAME);
    expect(validateEnvVarName('BALENA_HOST_CONFIG_x', rules)).toBe(MSG_CONFIG_MANAGED_ELSEWHERE);
    expect(validateEnvVarName('BALENA_API_KEY', rules)).toBe(MSG_RESERVED_NAME);
  });
  it('drive the messages: the namespaces listed are the published ones', () => {
    const rules = variableNameRulesFrom({ ...published, reservedNamespaces: ['ACME_'] });
    expect(validateEnvVarName('ACME_X', rules)).toBe('Variables beginning with ACME_ configure balenaOS features. They must be named as per the documentation and managed on the Configuration page.');
    expect(validateConfigVarName('BALENA_X', rules)).toBe('Configuration variables should begin with ACME_');
  });
  it('fall back to the built-in rule for a missing or malformed field', () => {
    const rules = variableNameRulesFrom({ invalidRegex: 'not a regex', reservedNames: [1] });
    expect(rules.invalidRegex).toBe(DEFAULT_VARIABLE_NAME_RULES.invalidRegex);
    expect(rules.reservedNames).toBe(DEFAULT_VARIABLE_NAME_RULES.reservedNames);
    expect(variableNameRulesFrom(undefined)).toEqual(DEFAULT_VARIABLE_NAME_RULES);
  });
});

describe('isDuplicateNameError', () => {
  it('recognises the 409 "must be unique." answer only', () => {
    expect(isDuplicateNameError(409, { error: '"application, name" must be unique.', code: 'unique' })).toBe(true);
    expect(isDuplicateNameError(409, '"name" must be unique.')).toBe(true);
    expect(isDuplicateNameError(409, { error: 'locked' })).toBe(false);
    expect(isDuplicateNameError(400, { error: 'must be unique' })).toBe(false);
  });
});

describe('values and helpers', () => {
  it('rejects CR and LF in values', () => {
    expect(validateVariableValue('a\nb')).toBe(MSG_VALUE_LINE_BREAK);
    expect(validateVariableValue('a\rb')).toBe(MSG_VALUE_LINE_BREAK);
    expect(validateVariableValue('a b')).toBeNull();
    expect(validateVariableValue('')).toBeNull();
  });
  it('knows whitelisted config names', () => {
    expect(isWhitelistedConfigName('BALENA_SUPERVISOR_LOCAL_MODE')).toBe(true);
    expect(isWhitelistedConfigName('BALENA_HOST_CONFIG_')).toBe(false);
    expect(isWhitelistedConfigName('SUPERVISOR_LOCAL_MODE')).toBe(false);
  });
  it('treats true and 1 as true', () => {
    expect(isTruthyVariableValue('1')).toBe(true);
    expect(isTruthyVariableValue('true')).toBe(true);
    expect(isTruthyVariableValue('0')).toBe(false);
    expect(isTruthyVariableValue(null)).toBe(false);
  });
});
