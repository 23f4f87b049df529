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
  isTruthyVariableValue,
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
