import { describe, expect, it } from 'vitest';
import { MSG_CONFIG_NAMESPACE_REQUIRED, MSG_INVALID_CONFIG_VAR_NAME } from '@flotilla/core/variable-names';
import {
  customNameProblem,
  customVariables,
  defaultValueOf,
  deviceConfigRows,
  effectiveValue,
  isBooleanLike,
  isImageDataUrl,
  overridesByName,
  toggledValue,
  valueKindOf,
  valueProblem,
  type ConfigSchema,
} from './config-values.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const schema: ConfigSchema = {
  properties: {
    BALENA_SUPERVISOR_POLL_INTERVAL: { type: 'integer', default: 900000, minimum: 10000 },
    BALENA_SUPERVISOR_DELTA: { type: 'boolean', default: false },
    BALENA_HOST_FIREWALL_MODE: { type: 'string', enum: ['on', 'off', 'auto'], default: 'off' },
    BALENA_HOST_SPLASH_IMAGE: { type: 'string', will_reboot: true },
  },
};

describe('boolean-like values (fleets spec §5: true and 1 are true)', () => {
  it('reads true/false and 1/0 as booleans, nothing else', () => {
    expect(['true', 'false', '1', '0'].map(isBooleanLike)).toEqual([true, true, true, true]);
    expect(['TRUE', 'yes', '', '2', null, undefined].map(isBooleanLike)).toEqual([false, false, false, false, false, false]);
  });

  it('writes a toggle in the spelling already stored, else 1/0', () => {
    expect(toggledValue('true', false)).toBe('false');
    expect(toggledValue('false', true)).toBe('true');
    expect(toggledValue('1', false)).toBe('0');
    expect(toggledValue(null, true)).toBe('1');
  });

  it('shows a schema boolean, and a custom boolean-like value, as a toggle', () => {
    expect(valueKindOf(schema.properties!.BALENA_SUPERVISOR_DELTA, 'whatever')).toBe('boolean');
    expect(valueKindOf(undefined, '1')).toBe('boolean');
    // A schema string that happens to read "1" stays text; an enum is a select; an integer a number.
    expect(valueKindOf({ type: 'string' }, '1')).toBe('text');
    expect(valueKindOf(schema.properties!.BALENA_HOST_FIREWALL_MODE, 'on')).toBe('enum');
    expect(valueKindOf(schema.properties!.BALENA_SUPERVISOR_POLL_INTERVAL, '5')).toBe('number');
  });
});

describe('image data URLs (fleets spec §2: a downloadable 40 px image)', () => {
  it('detects data-URL images, with or without base64, and nothing else', () => {
    expect(isImageDataUrl(PNG)).toBe(true);
    expect(isImageDataUrl('data:image/svg+xml;charset=utf-8,<svg/>')).toBe(true);
    expect(isImageDataUrl('data:text/plain;base64,aGk=')).toBe(false);
    expect(isImageDataUrl('https://example.org/logo.png')).toBe(false);
    expect(isImageDataUrl(null)).toBe(false);
    expect(valueKindOf(schema.properties!.BALENA_HOST_SPLASH_IMAGE, PNG)).toBe('image');
    expect(valueKindOf(undefined, PNG)).toBe('image');
  });
});

describe('values against the schema', () => {
  it('checks numbers, bounds, enums and line breaks', () => {
    const poll = schema.properties!.BALENA_SUPERVISOR_POLL_INTERVAL;
    expect(valueProblem(poll, '60000')).toBeNull();
    expect(valueProblem(poll, '6.5')).toEqual({ key: 'notInteger' });
    expect(valueProblem(poll, 'soon')).toEqual({ key: 'notInteger' });
    expect(valueProblem(poll, '9999')).toEqual({ key: 'belowMinimum', minimum: 10000 });
    expect(valueProblem({ type: 'integer', maximum: 944 }, '1000')).toEqual({ key: 'aboveMaximum', maximum: 944 });
    expect(valueProblem({ type: 'number' }, '')).toEqual({ key: 'notNumber' });
    expect(valueProblem(schema.properties!.BALENA_HOST_FIREWALL_MODE, 'maybe')).toEqual({ key: 'notAllowed' });
    expect(valueProblem(undefined, 'a\nb')).toEqual({ key: 'lineBreak' });
    expect(valueProblem(undefined, 'anything')).toBeNull();
  });

  it('gives defaults as the strings a variable would hold', () => {
    expect(defaultValueOf(schema.properties!.BALENA_SUPERVISOR_POLL_INTERVAL)).toBe('900000');
    expect(defaultValueOf(schema.properties!.BALENA_SUPERVISOR_DELTA)).toBe('false');
    expect(defaultValueOf(schema.properties!.BALENA_HOST_SPLASH_IMAGE)).toBeNull();
    expect(defaultValueOf(undefined)).toBeNull();
  });
});

describe('custom configuration names (fleets spec §5: validated against existing entries)', () => {
  it('applies the configuration-name rule, then refuses an existing name', () => {
    const none = { set: [], builtIn: [] };
    expect(customNameProblem('BALENA_MY_THING', { set: ['BALENA_OTHER'], builtIn: [] })).toBeNull();
    expect(customNameProblem('1BALENA', none)).toEqual({ message: MSG_INVALID_CONFIG_VAR_NAME });
    expect(customNameProblem('MY_THING', none)).toEqual({ message: MSG_CONFIG_NAMESPACE_REQUIRED });
    expect(customNameProblem('BALENA_OTHER', { set: ['BALENA_OTHER'], builtIn: [] })).toEqual({ key: 'alreadyExists' });
  });

  it('sends a built-in name the fleet does not set to its own row, and calls one it sets already set', () => {
    const builtIn = Object.keys(schema.properties!);
    const name = builtIn[0]!;
    expect(customNameProblem(name, { set: [], builtIn })).toEqual({ key: 'builtIn' });
    expect(customNameProblem(name, { set: [name], builtIn })).toEqual({ key: 'alreadyExists' });
    expect(customNameProblem('BALENA_MY_THING', { set: [], builtIn })).toBeNull();
  });

  it('lists the fleet variables the schema does not know, by name', () => {
    const vars = [
      { id: 1, name: 'BALENA_SUPERVISOR_DELTA', value: '1' },
      { id: 2, name: 'RESIN_Z', value: 'z' },
      { id: 3, name: 'BALENA_A', value: 'a' },
    ];
    expect(customVariables(vars, schema).map((v) => v.name)).toEqual(['BALENA_A', 'RESIN_Z']);
  });
});

describe('what a device inherits and overrides', () => {
  it('takes the device value, else the fleet value, else the default', () => {
    expect(effectiveValue('5', '6', '7')).toEqual({ value: '5', source: 'device' });
    expect(effectiveValue(null, '6', '7')).toEqual({ value: '6', source: 'fleet' });
    expect(effectiveValue(undefined, null, '7')).toEqual({ value: '7', source: 'default' });
    expect(effectiveValue(null, null, null)).toEqual({ value: null, source: 'none' });
    // An empty override is still an override.
    expect(effectiveValue('', '6', '7')).toEqual({ value: '', source: 'device' });
  });

  it('builds a device page row per schema variable, then every custom name of fleet or device', () => {
    const rows = deviceConfigRows(schema, [{ id: 1, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '60000' }, { id: 2, name: 'BALENA_FLEET_ONLY', value: 'f' }], [
      { id: 9, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '30000' },
      { id: 10, name: 'BALENA_DEVICE_ONLY', value: 'd' },
    ]);
    expect(rows.map((r) => r.name)).toEqual([...Object.keys(schema.properties!), 'BALENA_DEVICE_ONLY', 'BALENA_FLEET_ONLY']);
    expect(rows[0]).toMatchObject({ deviceVariable: { id: 9, value: '30000' }, fleetValue: '60000', defaultValue: '900000' });
    expect(rows[1]).toMatchObject({ deviceVariable: null, fleetValue: null, defaultValue: 'false' });
    expect(rows.find((r) => r.name === 'BALENA_FLEET_ONLY')).toMatchObject({ deviceVariable: null, fleetValue: 'f', property: undefined });
  });

  it('groups device overrides by variable (the overrides dialog)', () => {
    const grouped = overridesByName([
      { name: 'A', value: '1', device: 'd1' },
      { name: 'B', value: '2', device: 'd1' },
      { name: 'A', value: '3', device: 'd2' },
    ]);
    expect([...grouped.keys()]).toEqual(['A', 'B']);
    expect(grouped.get('A')?.map((o) => o.device)).toEqual(['d1', 'd2']);
  });
});
