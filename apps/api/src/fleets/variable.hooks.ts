import { validateConfigVarName, validateEnvVarName, validateVariableValue } from '@flotilla/core/variable-names';
import { badRequest } from '../lib/errors.ts';
import type { ResourceHooks, Values } from '../model/types.ts';

type NameRule = (name: string | null | undefined) => string | null;

function check(values: Values, key: 'name' | 'tag_key', nameRule: NameRule | null, isCreate: boolean): Values {
  const out: Values = { ...values };
  if (isCreate || key in out) {
    const name = out[key];
    if (typeof name !== 'string' || name === '') throw badRequest(key === 'name' ? 'A variable name is required' : 'A tag key is required');
    if (nameRule) {
      const message = nameRule(name);
      if (message) throw badRequest(message);
    }
  }
  if ('value' in out) {
    // Clients send String(value); accept numbers/booleans the same way.
    if (typeof out.value === 'number' || typeof out.value === 'boolean') out.value = String(out.value);
    if (typeof out.value !== 'string') throw badRequest('value must be a string');
    const message = validateVariableValue(out.value);
    if (message) throw badRequest(message);
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

/** Environment, service and build variables (fleets spec §5 "Variable names"). */
export const envVarHooks = hooksFor('name', validateEnvVarName);
/** Configuration variables: must be namespaced BALENA_/RESIN_. */
export const configVarHooks = hooksFor('name', validateConfigVarName);
/** Tags: a non-empty key; values may be empty. */
export const tagHooks = hooksFor('tag_key', null);
