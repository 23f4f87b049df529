import { validateConfigVarName, validateVariableValue } from '@flotilla/core/variable-names';

/**
 * The configuration pages' value logic (fleets spec §2 "Fleet configuration page", "Fleet
 * variables tab"; §3 Variables; §5 "Variable names"): what a `configVarSchema` entry says about
 * a value, how a value shows (toggle, image, text), what a device inherits and overrides.
 */

/** One property of `configVarSchema` (compat §4 `GET /config/vars`). */
export interface ConfigSchemaProperty {
  type?: 'string' | 'integer' | 'number' | 'boolean';
  title?: string;
  description?: string;
  default?: string | number | boolean;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  will_reboot?: boolean;
}

export interface ConfigSchema {
  properties?: Record<string, ConfigSchemaProperty>;
}

/** A configuration variable row (fleet or device) as the tables need it. */
export interface ConfigVariable {
  id: number;
  name: string;
  value: string;
}

/** How a value is edited and shown. */
export type ConfigValueKind = 'boolean' | 'enum' | 'number' | 'image' | 'text';

/** A data-URL image (`data:image/png;base64,…`), shown as a downloadable 40 px image (§2). */
export function isImageDataUrl(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*(;base64)?,/i.test(value);
}

/** A value that reads as a boolean (§5: true and 1 are true; false and 0 their opposites). */
export function isBooleanLike(value: string | null | undefined): boolean {
  return value === 'true' || value === 'false' || value === '1' || value === '0';
}

/**
 * The value a toggle writes: keeps the spelling already stored (true/false stays true/false),
 * else 1/0 as the device agent's own settings are written.
 */
export function toggledValue(current: string | null | undefined, isOn: boolean): string {
  if (current === 'true' || current === 'false') return isOn ? 'true' : 'false';
  return isOn ? '1' : '0';
}

/** The schema's default as the string a variable would hold, or null when it has none. */
export function defaultValueOf(property: ConfigSchemaProperty | undefined): string | null {
  if (property?.default === undefined) return null;
  if (typeof property.default === 'boolean') return property.default ? 'true' : 'false';
  return String(property.default);
}

/**
 * How a variable is shown and edited: the schema decides (boolean → toggle, enum → select,
 * integer/number → validated number); without a schema entry (custom variables) an image data
 * URL shows as the image and a boolean-like value as a toggle (§2).
 */
export function valueKindOf(property: ConfigSchemaProperty | undefined, value: string | null | undefined): ConfigValueKind {
  if (property?.type === 'boolean') return 'boolean';
  if (property?.enum && property.enum.length > 0) return 'enum';
  if (property?.type === 'integer' || property?.type === 'number') return 'number';
  if (isImageDataUrl(value)) return 'image';
  if (!property && isBooleanLike(value)) return 'boolean';
  return 'text';
}

export type ValueProblem = { key: 'lineBreak' } | { key: 'notInteger' } | { key: 'notNumber' } | { key: 'belowMinimum'; minimum: number } | { key: 'aboveMaximum'; maximum: number } | { key: 'notAllowed' };

/** The first problem with `value` for `property`, or null (values are single-line strings, numbers are numbers within bounds, enums one of theirs). */
export function valueProblem(property: ConfigSchemaProperty | undefined, value: string): ValueProblem | null {
  if (validateVariableValue(value) !== null) return { key: 'lineBreak' };
  if (property?.enum && property.enum.length > 0) return property.enum.includes(value) ? null : { key: 'notAllowed' };
  if (property?.type === 'integer' || property?.type === 'number') {
    const text = value.trim();
    if (property.type === 'integer' && !/^-?\d+$/.test(text)) return { key: 'notInteger' };
    const n = Number(text);
    if (text === '' || !Number.isFinite(n)) return { key: 'notNumber' };
    if (property.minimum !== undefined && n < property.minimum) return { key: 'belowMinimum', minimum: property.minimum };
    if (property.maximum !== undefined && n > property.maximum) return { key: 'aboveMaximum', maximum: property.maximum };
  }
  return null;
}

export type CustomNameProblem = { message: string } | { key: 'alreadyExists' } | { key: 'builtIn' };

/**
 * What is wrong with a new custom name (§5 "Custom fleet configuration names are validated
 * against existing entries"): the configuration-name rule's message; a name the fleet already
 * sets; or a built-in variable of the schema it does not set yet, which is set from its own row
 * of the fleet configuration table, not added as a custom one.
 */
export function customNameProblem(name: string, names: { set: readonly string[]; builtIn: readonly string[] }): CustomNameProblem | null {
  const message = validateConfigVarName(name);
  if (message) return { message };
  if (names.set.includes(name)) return { key: 'alreadyExists' };
  return names.builtIn.includes(name) ? { key: 'builtIn' } : null;
}

/** What a device runs with for one variable: its own override, else the fleet's value, else the schema default. */
export interface EffectiveValue {
  value: string | null;
  source: 'device' | 'fleet' | 'default' | 'none';
}

export function effectiveValue(deviceValue: string | null | undefined, fleetValue: string | null | undefined, defaultValue: string | null | undefined): EffectiveValue {
  if (deviceValue != null) return { value: deviceValue, source: 'device' };
  if (fleetValue != null) return { value: fleetValue, source: 'fleet' };
  if (defaultValue != null) return { value: defaultValue, source: 'default' };
  return { value: null, source: 'none' };
}

/** The fleet's variables not described by the schema: the custom configuration table. */
export function customVariables<V extends { name: string }>(variables: readonly V[], schema: ConfigSchema | undefined): V[] {
  const known = schema?.properties ?? {};
  return variables.filter((v) => !Object.hasOwn(known, v.name)).sort((a, b) => a.name.localeCompare(b.name));
}

/** A device's override of one variable, with the device it belongs to. */
export interface DeviceOverride<D> {
  device: D;
  name: string;
  value: string;
}

/** The devices' overrides grouped by variable name (the overrides dialog and the per-row counts). */
export function overridesByName<D, O extends DeviceOverride<D>>(overrides: readonly O[]): Map<string, O[]> {
  const out = new Map<string, O[]>();
  for (const o of overrides) {
    const list = out.get(o.name);
    if (list) list.push(o);
    else out.set(o.name, [o]);
  }
  return out;
}

/**
 * The rows of a device's configuration page: every schema variable, then every other name the
 * fleet or the device sets (custom), each with the device's value, the fleet's (appValue) and
 * the default.
 */
export interface DeviceConfigRow {
  name: string;
  property: ConfigSchemaProperty | undefined;
  deviceVariable: ConfigVariable | null;
  fleetValue: string | null;
  defaultValue: string | null;
}

export function deviceConfigRows(schema: ConfigSchema | undefined, fleetVariables: readonly ConfigVariable[], deviceVariables: readonly ConfigVariable[]): DeviceConfigRow[] {
  const properties = schema?.properties ?? {};
  const fleetByName = new Map(fleetVariables.map((v) => [v.name, v.value]));
  const deviceByName = new Map(deviceVariables.map((v) => [v.name, v]));
  const custom = [...new Set([...fleetByName.keys(), ...deviceByName.keys()])].filter((name) => !Object.hasOwn(properties, name)).sort();
  return [...Object.keys(properties), ...custom].map((name) => ({
    name,
    property: properties[name],
    deviceVariable: deviceByName.get(name) ?? null,
    fleetValue: fleetByName.get(name) ?? null,
    defaultValue: defaultValueOf(properties[name]),
  }));
}
