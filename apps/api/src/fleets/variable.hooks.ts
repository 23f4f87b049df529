import {
  MSG_NAME_REQUIRED,
  VARIABLE_ERROR_CODES,
  validateConfigVarName,
  validateConfigVarValue,
  validateEnvVarName,
  validateVariableValue,
} from '@flotilla/core/variable-names';
import { badRequest } from '../lib/errors.ts';
import type { ResourceHooks, Values, WriteContext } from '../model/types.ts';

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
    // Variable values are single-line (balena's vars schema); tag values are free text, line breaks included.
    const message = key === 'name' ? validateVariableValue(out.value) : null;
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
/**
 * Configuration variables (`table`: the fleet's or the device's): must be namespaced
 * BALENA_/RESIN_, and a setting's value must be one it takes (validateConfigVarValue). A patch
 * of the value alone is checked against the names of the rows it changes. What a device reports
 * of its own configuration (compat §6.2) is stored as it is.
 */
export function configVarHooksFor(table: 'application_config_variable' | 'device_config_variable'): ResourceHooks {
  const base = hooksFor('name', validateConfigVarName);
  const checkValue = (name: unknown, value: unknown, ctx: WriteContext) => {
    if (ctx.principal.kind === 'device') return;
    const message = typeof name === 'string' && typeof value === 'string' ? validateConfigVarValue(name, value) : null;
    if (message) throw badRequest(message, VARIABLE_ERROR_CODES.invalidValue);
  };
  return {
    async beforeCreate(values, ctx) {
      const out = await base.beforeCreate!(values, ctx);
      checkValue(out.name, out.value, ctx);
      return out;
    },
    async beforeUpdate(patch, ids, ctx) {
      const out = await base.beforeUpdate!(patch, ids, ctx);
      if ('name' in out || 'value' in out) {
        const rows = ids.length === 0 ? [] : await ctx.db.selectFrom(table).select(['name', 'value']).where('id', 'in', ids).execute();
        for (const row of rows) checkValue('name' in out ? out.name : row.name, 'value' in out ? out.value : row.value, ctx);
      }
      return out;
    },
  };
}
export const configVarHooks = configVarHooksFor('application_config_variable');
/**
 * Tags of fleets, devices and releases: a non-empty key; values may be empty and may span lines,
 * as balena's are (compat §6.2: only variable values must be single-line; balena-sdk's
 * `tags.set` sends any string).
 */
export const tagHooks = hooksFor('tag_key', null);
