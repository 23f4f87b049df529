import {
  MSG_NAME_REQUIRED,
  VARIABLE_ERROR_CODES,
  validateConfigVarName,
  validateEnvVarName,
  validateVariableValue,
} from '@flotilla/core/variable-names';
import { badRequest } from '../lib/errors.ts';
import type { ResourceHooks, Values } from '../model/types.ts';

type NameRule = (name: string | null | undefined) => string | null;

function check(values: Values, key: 'name' | 'tag_key', nameRule: NameRule | null, isCreate: boolean): Values {
  const out: Values = { ...values };
  if (isCreate || key in out) {
    const name = out[key];
    if (typeof name !== 'string' || name === '') throw badRequest(key === 'name' ? MSG_NAME_REQUIRED : 'A tag key is required', VARIABLE_ERROR_CODES.mandatoryName);
    if (nameRule) {
      const message = nameRule(name);
      if (message) throw badRequest(message, VARIABLE_ERROR_CODES.invalidName);
    }
  }
  if ('value' in out) {
    // Clients send String(value); accept numbers/booleans the same way.
    if (typeof out.value === 'number' || typeof out.value === 'boolean') out.value = String(out.value);
    if (typeof out.value !== 'string') throw badRequest('value must be a string', VARIABLE_ERROR_CODES.invalidValue);
    const message = validateVariableValue(out.value);
    if (message) throw badRequest(message, VARIABLE_ERROR_CODES.invalidValue);
  } else if (isCreate) {
    out.value = '';
  }
  return out;
}

function hooksFor(key: 'name' | 'tag_key', rule: NameRule | null): ResourceHooks {
  return {
    beforeCreate: (values) => check(values, key, rule, true),
    beforeUpdate: (patch) => check(patch, key, rule, false),
  };
}

/**
 * Environment variables of every owner: fleet, build, service, device and device-service
 * (fleets spec §5 "Variable names"), on create and on any update that names the row. A name
 * already used by the same owner is the schema's UNIQUE (owner, name): 409 `"…" must be
 * unique.` (odata/write-errors.ts, compat §2.9).
 */
export const envVarHooks = hooksFor('name', validateEnvVarName);
/** Configuration variables: must be namespaced BALENA_/RESIN_. */
export const configVarHooks = hooksFor('name', validateConfigVarName);
/** Tags: a non-empty key; values may be empty. */
export const tagHooks = hooksFor('tag_key', null);
