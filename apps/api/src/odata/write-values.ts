import { badRequest } from '../lib/errors.ts';
import type { FieldDef, ResourceDef, Values } from '../model/types.ts';

/**
 * Write bodies → values keyed by canonical field name, ready to be bound as parameters.
 * Clients may only set `writable` fields; hooks (server code) may set any stored field.
 * Foreign keys accept `N` or `{"__id": N}`; Date Time accepts ISO strings or epoch ms (§2.5).
 */
export function clientValues(def: ResourceDef, body: unknown, write: 'create' | 'update'): Values {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object');
  const out: Values = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === '__metadata') continue;
    // A create-only input goes to hooks.beforeCreate as sent; the hook validates and consumes it.
    if (write === 'create' && def.createInputs?.includes(key)) {
      out[key] = value;
      continue;
    }
    const f = def.fields.find((x) => !x.hidden && (x.name === key || x.aliases?.includes(key)));
    if (!f) throw badRequest(`Unknown field "${key}" on resource "${def.name}"`);
    if (!f.writable || f.computed) throw badRequest(`Field "${key}" of "${def.name}" is not writable`);
    if (value === undefined) continue;
    out[f.name] = coerce(f, value);
  }
  return out;
}

/** Values returned by hooks: any stored field, same coercions. */
export function serverValues(def: ResourceDef, values: Values): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(values)) {
    const f = def.fields.find((x) => x.name === key || x.aliases?.includes(key));
    if (!f || f.computed) throw new Error(`Hook for "${def.name}" set unknown or computed field "${key}"`);
    if (value === undefined) continue;
    out[f.name] = coerce(f, value);
  }
  return out;
}

export function fieldByName(def: ResourceDef, name: string): FieldDef {
  const f = def.fields.find((x) => x.name === name);
  if (!f) throw new Error(`No field ${name} on ${def.name}`);
  return f;
}

function coerce(f: FieldDef, value: unknown): unknown {
  if (value === null) return null;
  const fail = (what: string) => badRequest(`Field "${f.name}" must be ${what}`);
  switch (f.type) {
    case 'ForeignKey': {
      const id = typeof value === 'object' && value !== null && '__id' in value ? (value as { __id: unknown }).__id : value;
      if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
      if (typeof id === 'string' && /^\d+$/.test(id)) return Number(id);
      throw fail('an id or {"__id": id}');
    }
    case 'Serial':
    case 'Integer':
    case 'Big Integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      if (typeof value === 'string' && /^-?\d+$/.test(value)) return value;
      throw fail('an integer');
    case 'Real':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return value;
      throw fail('a number');
    case 'Boolean':
      if (typeof value === 'boolean') return value;
      throw fail('a boolean');
    case 'Date Time': {
      const d = typeof value === 'number' || typeof value === 'string' ? new Date(value) : value instanceof Date ? value : undefined;
      if (!d || Number.isNaN(d.getTime())) throw fail('a date (ISO 8601 string or epoch milliseconds)');
      return d.toISOString();
    }
    case 'JSON':
      return JSON.stringify(value);
    case 'Short Text':
    case 'Text':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      throw fail('a string');
  }
}
