import { describe, expect, it } from 'vitest';
import {
  FIELD_KINDS,
  FILTER_OPERATORS,
  OPERATORS_BY_KIND,
  isSortableField,
  isValidRule,
  orderByPath,
  ruleMatches,
  ruleToPineFilter,
  rulesToPineFilter,
  type FilterRule,
  type ListField,
} from './list-filter.ts';

const name: ListField = { kind: 'text', path: 'device_name' };
const release: ListField = { kind: 'text', path: ['is_running__release', 'raw_version'] };
const cpu: ListField = { kind: 'number', path: 'cpu_usage' };
const seen: ListField = { kind: 'date', path: 'last_connectivity_event' };
const status: ListField = { kind: 'enum', path: 'overall_status', options: ['operational', 'disconnected'] };

describe('operators per kind', () => {
  it('offers every spec operator on some kind, and only the fitting ones per kind', () => {
    const offered = new Set(FIELD_KINDS.flatMap((k) => OPERATORS_BY_KIND[k]));
    expect([...offered].sort()).toEqual([...FILTER_OPERATORS].sort());
    expect(OPERATORS_BY_KIND.text).toEqual(['contains', 'not_contains', 'is', 'is_not', 'matches', 'not_matches']);
    expect(OPERATORS_BY_KIND.number).toEqual(['is', 'is_not', 'gt', 'lt']);
    expect(OPERATORS_BY_KIND.date).toEqual(['before', 'after']);
    expect(OPERATORS_BY_KIND.enum).toEqual(['is', 'is_not']);
    expect(OPERATORS_BY_KIND.boolean).toEqual(['is', 'is_not']);
    expect(OPERATORS_BY_KIND.tag).toEqual(['contains', 'not_contains']);
  });

  it('refuses an operator of another kind and values that do not parse', () => {
    expect(isValidRule(name, { field: 'name', op: 'gt', value: '3' })).toBe(false);
    expect(isValidRule(seen, { field: 'seen', op: 'contains', value: '2024' })).toBe(false);
    expect(isValidRule(name, { field: 'name', op: 'contains', value: '  ' })).toBe(false);
    expect(isValidRule(cpu, { field: 'cpu', op: 'gt', value: 'abc' })).toBe(false);
    expect(isValidRule(cpu, { field: 'cpu', op: 'gt', value: '' })).toBe(false);
    expect(isValidRule(seen, { field: 'seen', op: 'before', value: 'yesterday' })).toBe(false);
    expect(isValidRule(seen, { field: 'seen', op: 'before', value: '2024-02-31x' })).toBe(false);
    expect(isValidRule(status, { field: 'status', op: 'is', value: 'sleeping' })).toBe(false);
    expect(isValidRule(undefined, { field: 'nope', op: 'is', value: 'x' })).toBe(false);
    expect(ruleToPineFilter(cpu, { field: 'cpu', op: 'contains', value: '1' })).toBeNull();
  });
});

describe('ruleToPineFilter', () => {
  it('text: contains is case-insensitive, is compares exactly, negations wrap', () => {
    expect(ruleToPineFilter(name, { field: 'name', op: 'contains', value: 'Pump' })).toEqual({
      $contains: [{ $tolower: { $: 'device_name' } }, 'pump'],
    });
    expect(ruleToPineFilter(name, { field: 'name', op: 'not_contains', value: 'Pump' })).toEqual({
      $not: { $contains: [{ $tolower: { $: 'device_name' } }, 'pump'] },
    });
    expect(ruleToPineFilter(name, { field: 'name', op: 'is', value: 'Pump-1' })).toEqual({ $eq: [{ $: 'device_name' }, 'Pump-1'] });
    expect(ruleToPineFilter(name, { field: 'name', op: 'is_not', value: 'Pump-1' })).toEqual({ $ne: [{ $: 'device_name' }, 'Pump-1'] });
  });

  it('follows a navigation path (devices running a release version)', () => {
    expect(ruleToPineFilter(release, { field: 'release', op: 'is', value: '1.2.0' })).toEqual({
      $eq: [{ $: ['is_running__release', 'raw_version'] }, '1.2.0'],
    });
    expect(orderByPath(release)).toBe('is_running__release/raw_version');
    expect(orderByPath(name)).toBe('device_name');
  });

  it('number: compares numbers, not text', () => {
    expect(ruleToPineFilter(cpu, { field: 'cpu', op: 'gt', value: '50' })).toEqual({ $gt: [{ $: 'cpu_usage' }, 50] });
    expect(ruleToPineFilter(cpu, { field: 'cpu', op: 'lt', value: '2.5' })).toEqual({ $lt: [{ $: 'cpu_usage' }, 2.5] });
    expect(ruleToPineFilter(cpu, { field: 'cpu', op: 'is', value: '0' })).toEqual({ $eq: [{ $: 'cpu_usage' }, 0] });
  });

  it('date: before/after a day (midnight UTC) or an instant', () => {
    expect(ruleToPineFilter(seen, { field: 'seen', op: 'before', value: '2024-05-01' })).toEqual({
      $lt: [{ $: 'last_connectivity_event' }, new Date('2024-05-01T00:00:00Z')],
    });
    expect(ruleToPineFilter(seen, { field: 'seen', op: 'after', value: '2024-05-01T10:30:00Z' })).toEqual({
      $gt: [{ $: 'last_connectivity_event' }, new Date('2024-05-01T10:30:00Z')],
    });
  });

  it('enum: only its values', () => {
    expect(ruleToPineFilter(status, { field: 'status', op: 'is_not', value: 'disconnected' })).toEqual({
      $ne: [{ $: 'overall_status' }, 'disconnected'],
    });
  });
});

describe('rulesToPineFilter', () => {
  const fields = { name, release, cpu };
  it('ANDs the scope with every valid rule and drops the rest', () => {
    expect(
      rulesToPineFilter(
        fields,
        [
          { field: 'name', op: 'contains', value: 'a' },
          { field: 'unknown', op: 'is', value: 'x' },
          { field: 'cpu', op: 'gt', value: 'x' },
          { field: 'release', op: 'is_not', value: '1.0.0' },
        ],
        { belongs_to__application: 7 },
      ),
    ).toEqual({
      $and: [
        { belongs_to__application: 7 },
        { $contains: [{ $tolower: { $: 'device_name' } }, 'a'] },
        { $ne: [{ $: ['is_running__release', 'raw_version'] }, '1.0.0'] },
      ],
    });
  });

  it('is the scope alone without rules, and nothing without either', () => {
    expect(rulesToPineFilter(fields, [], { belongs_to__application: 7 })).toEqual({ belongs_to__application: 7 });
    expect(rulesToPineFilter(fields, [])).toBeUndefined();
  });
});

describe('ruleMatches (a short list loaded in full)', () => {
  const rule = (field: string, op: FilterRule['op'], value: string): FilterRule => ({ field, op, value });
  it('reads text rules as the server does: contains ignores case, is is exact, negations keep empty fields', () => {
    expect(ruleMatches(name, rule('name', 'contains', 'PUMP'), 'north-pump-2')).toBe(true);
    expect(ruleMatches(name, rule('name', 'contains', 'valve'), 'north-pump-2')).toBe(false);
    expect(ruleMatches(name, rule('name', 'contains', 'pump'), null)).toBe(false);
    expect(ruleMatches(name, rule('name', 'not_contains', 'pump'), null)).toBe(true);
    expect(ruleMatches(name, rule('name', 'not_contains', 'PUMP'), 'pump')).toBe(false);
    expect(ruleMatches(name, rule('name', 'is', 'Pump'), 'pump')).toBe(false);
    expect(ruleMatches(name, rule('name', 'is', 'pump'), 'pump')).toBe(true);
    expect(ruleMatches(name, rule('name', 'is_not', 'pump'), undefined)).toBe(true);
    expect(ruleMatches(status, rule('status', 'is', 'operational'), 'operational')).toBe(true);
    expect(ruleMatches(status, rule('status', 'is_not', 'operational'), 'disconnected')).toBe(true);
  });

  it('compares numbers and times by value, never an empty field', () => {
    expect(ruleMatches(cpu, rule('cpu', 'gt', '10'), 11)).toBe(true);
    expect(ruleMatches(cpu, rule('cpu', 'gt', '10'), 10)).toBe(false);
    expect(ruleMatches(cpu, rule('cpu', 'lt', '10'), null)).toBe(false);
    expect(ruleMatches(cpu, rule('cpu', 'is', '3'), 3)).toBe(true);
    expect(ruleMatches(cpu, rule('cpu', 'is_not', '3'), null)).toBe(true);
    expect(ruleMatches(seen, rule('seen', 'before', '2024-05-01'), '2024-04-30T23:59:59Z')).toBe(true);
    expect(ruleMatches(seen, rule('seen', 'before', '2024-05-01'), '2024-05-01T00:00:00Z')).toBe(false);
    expect(ruleMatches(seen, rule('seen', 'after', '2024-05-01'), '2024-05-02T00:00:00.000Z')).toBe(true);
    expect(ruleMatches(seen, rule('seen', 'after', '2024-05-01'), null)).toBe(false);
  });

  it('matches a pattern case-sensitively unless it starts (?i); "does not match" keeps empty fields', () => {
    expect(ruleMatches(name, rule('name', 'matches', '^north-.*-\\d$'), 'north-pump-2')).toBe(true);
    expect(ruleMatches(name, rule('name', 'matches', '^NORTH'), 'north-pump-2')).toBe(false);
    expect(ruleMatches(name, rule('name', 'matches', '(?i)^NORTH'), 'north-pump-2')).toBe(true);
    expect(ruleMatches(name, rule('name', 'matches', 'pump'), null)).toBe(false);
    expect(ruleMatches(name, rule('name', 'not_matches', 'pump'), null)).toBe(true);
    expect(ruleMatches(name, rule('name', 'not_matches', 'pump'), 'pump')).toBe(false);
  });

  it('lets a rule that does not apply through, as rulesToPineFilter leaves it out', () => {
    expect(ruleMatches(undefined, rule('nope', 'is', 'x'), 'y')).toBe(true);
    expect(ruleMatches(cpu, rule('cpu', 'gt', 'abc'), 1)).toBe(true);
  });
});

describe('boolean fields (cloudlink)', () => {
  const vpn: ListField = { kind: 'boolean', path: 'is_connected_to_vpn' };
  const rule = (op: FilterRule['op'], value: string): FilterRule => ({ field: 'cloudlink', op, value });

  it('takes only true and false, with is / is not', () => {
    expect(isValidRule(vpn, rule('is', 'true'))).toBe(true);
    expect(isValidRule(vpn, rule('is_not', 'false'))).toBe(true);
    expect(isValidRule(vpn, rule('is', 'connected'))).toBe(false);
    expect(isValidRule(vpn, rule('is', 'TRUE'))).toBe(false);
    expect(isValidRule(vpn, rule('contains', 'true'))).toBe(false);
    expect(isSortableField(vpn)).toBe(true);
  });

  it('compiles to an equality with a boolean literal (is_connected_to_vpn eq true)', () => {
    expect(ruleToPineFilter(vpn, rule('is', 'true'))).toEqual({ $eq: [{ $: 'is_connected_to_vpn' }, true] });
    expect(ruleToPineFilter(vpn, rule('is_not', 'true'))).toEqual({ $ne: [{ $: 'is_connected_to_vpn' }, true] });
    expect(ruleToPineFilter(vpn, rule('is', 'false'))).toEqual({ $eq: [{ $: 'is_connected_to_vpn' }, false] });
  });

  it('matches loaded rows by their boolean, never a text that looks like one', () => {
    expect(ruleMatches(vpn, rule('is', 'true'), true)).toBe(true);
    expect(ruleMatches(vpn, rule('is', 'true'), false)).toBe(false);
    expect(ruleMatches(vpn, rule('is', 'true'), 'true')).toBe(false);
    expect(ruleMatches(vpn, rule('is_not', 'true'), null)).toBe(true);
    expect(ruleMatches(vpn, rule('is_not', 'false'), false)).toBe(false);
  });
});

describe('tag fields', () => {
  const tags: ListField = { kind: 'tag', path: 'device_tag' };
  const rule = (op: FilterRule['op'], value: string): FilterRule => ({ field: 'tags', op, value });
  const key = (text: string) => ({ $contains: [{ $tolower: { $: ['tag', 'tag_key'] } }, text] });
  const val = (text: string) => ({ $contains: [{ $tolower: { $: ['tag', 'value'] } }, text] });
  const any = (expr: unknown) => ({ device_tag: { $any: { $alias: 'tag', $expr: expr } } });

  it('reads a text as "key or value contains", and "key: value" as both, ignoring case', () => {
    expect(ruleToPineFilter(tags, rule('contains', ' Lab '))).toEqual(any({ $or: [key('lab'), val('lab')] }));
    expect(ruleToPineFilter(tags, rule('contains', 'Location: North Lab'))).toEqual(any({ $and: [key('location'), val('north lab')] }));
    expect(ruleToPineFilter(tags, rule('contains', 'location:'))).toEqual(any(key('location')));
    expect(ruleToPineFilter(tags, rule('contains', ': lab'))).toEqual(any(val('lab')));
    // Only the first colon splits: a value may hold colons (a URL).
    expect(ruleToPineFilter(tags, rule('contains', 'site: http://x'))).toEqual(any({ $and: [key('site'), val('http://x')] }));
  });

  it('"does not contain" is the negated lambda: devices without any such tag, tagless ones included', () => {
    expect(ruleToPineFilter(tags, rule('not_contains', 'lab'))).toEqual({ $not: any({ $or: [key('lab'), val('lab')] }) });
  });

  it('refuses blank texts, a lone colon and the operators of other kinds; never sorts', () => {
    expect(isValidRule(tags, rule('contains', '  '))).toBe(false);
    expect(isValidRule(tags, rule('contains', ' : '))).toBe(false);
    expect(isValidRule(tags, rule('is', 'lab'))).toBe(false);
    expect(ruleToPineFilter(tags, rule('matches', 'lab'))).toBeNull();
    expect(isSortableField(tags)).toBe(false);
  });

  it('matches loaded tag rows as the server does', () => {
    const rows = [{ tag_key: 'Location', value: 'North Lab' }, { tag_key: 'owner', value: 'ops' }];
    expect(ruleMatches(tags, rule('contains', 'lab'), rows)).toBe(true);
    expect(ruleMatches(tags, rule('contains', 'location: lab'), rows)).toBe(true);
    // Key and value must be of the same tag.
    expect(ruleMatches(tags, rule('contains', 'owner: lab'), rows)).toBe(false);
    expect(ruleMatches(tags, rule('not_contains', 'ops'), rows)).toBe(false);
    expect(ruleMatches(tags, rule('not_contains', 'ops'), [])).toBe(true);
    expect(ruleMatches(tags, rule('contains', 'ops'), undefined)).toBe(false);
  });
});
