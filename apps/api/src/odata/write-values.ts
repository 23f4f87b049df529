import type { Principal } from '../auth/principal.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import type { FieldDef, ResourceDef, Values, Writer } from '../model/types.ts';

/**
 * Write bodies → values keyed by canonical field name, ready to be bound as parameters.
 * Clients may only set fields `writable` by their kind of principal (a device key cannot set
 * its fleet); hooks (server code) may set any stored field.
 * Foreign keys accept `N` or `{"__id": N}`; Date Time accepts ISO strings or epoch ms (§2.5).
 */
export function clientValues(def: ResourceDef, body: unknown, write: 'create' | 'update', principal: Principal): Values {
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
    const writers = writersOf(f);
    if (writers.length === 0 || f.computed) throw badRequest(`Field "${key}" of "${def.name}" is not writable`);
    if (principal.kind !== 'system' && !writers.includes(principal.kind as Writer)) {
      throw forbidden(`Field "${key}" of "${def.name}" cannot be set with this kind of credentials`, 'field_not_writable');
    }
    if (value === undefined) continue;
    out[f.name] = coerce(f, value);
  }
  return out;
}

/**
 * Values returned by hooks: any stored field, same coercions. A value the hook passed through
 * unchanged from `sent` (clientValues' output) is already coerced: coercing it again would
 * encode a JSON field twice (stored as a JSON string of its text).
 */
export function serverValues(def: ResourceDef, values: Values, sent: Values = {}): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(values)) {
    const f = def.fields.find((x) => x.name === key || x.aliases?.includes(key));
    if (!f || f.computed) throw new Error(`Hook for "${def.name}" set unknown or computed field "${key}"`);
    if (value === undefined) continue;
    out[f.name] = key === f.name && Object.hasOwn(sent, key) && sent[key] === value ? value : coerce(f, value);
  }
  return out;
}

/** The principal kinds that may set a field: `writable: true` means users. */
export function writersOf(f: FieldDef): readonly Writer[] {
  if (f.writable === true) return ['user'];
  return f.writable || [];
}

/**
 * Client-writable foreign keys a hook set or changed relative to what the client sent (a user
 * resolved from a username): they are checked again. Server-owned keys (a new row's actor) are not.
 */
export function changedKeys(def: ResourceDef, before: Values, after: Values): string[] {
  return Object.keys(after).filter((n) => after[n] !== before[n] && def.fields.some((f) => f.name === n && f.type === 'ForeignKey' && writersOf(f).length > 0));
}

export function fieldByName(def: ResourceDef, name: string): FieldDef {
  const f = def.fields.find((x) => x.name === name);
  if (!f) throw new Error(`No field ${name} on ${def.name}`);
  return f;
}

/**
 * The longest text a write stores per field type, unless the field says otherwise
 * (`FieldDef.maxLength`: a release's build log, an organization's logo). Short Text is balena's
 * varchar(255); Text and JSON are bounded so that one request (10 MiB) cannot be one value, and
 * a value kept is one that every read and every push of its row can afford to carry.
 */
export const TEXT_BOUNDS = { 'Short Text': 255, Text: 65_535, JSON: 65_535 } as const;

/**
 * Every text of a write's final values (after the hooks, so that a field's own rule, with the
 * spec's message, speaks first: a device name's 255) within its bound, or 400.
 */
export function assertTextBounds(def: ResourceDef, values: Values): void {
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string') continue;
    const f = def.fields.find((x) => x.name === name);
    if (!f || !(f.type in TEXT_BOUNDS)) continue;
    const max = f.maxLength ?? TEXT_BOUNDS[f.type as keyof typeof TEXT_BOUNDS];
    if (value.length > max) throw badRequest(`Field "${f.name}" must be at most ${max} characters`);
  }
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
