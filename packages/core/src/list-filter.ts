/**
 * Filter rules of the product's list screens (fleets spec §"Fleet list": contains, does not
 * contain, is, is not, matches RegEx, does not match RegEx, is more than, is less than, is
 * before, is after), written once: which operators a column of each kind offers, and how a
 * rule becomes a pinejs-client-core filter object, so the server pages, counts and sorts over
 * exactly the rows the rules describe.
 *
 * "matches RegEx" is OData 4.01 `matchesPattern(field,'pattern')`, which Flotilla's API adds
 * to balena's dialect (apps/api/src/odata/parse.ts) and runs as PostgreSQL `field ~ pattern`.
 * No balena client sends it, so nothing they send changes. The pattern rules (length, no
 * back-references, the syntax JavaScript and PostgreSQL share) are regex-pattern.ts.
 */

import { parseTagQuery, tagAnyFilter, tagsMatch } from './list-filter-tag.ts';
import { regexPatternProblem } from './regex-pattern.ts';

export const FILTER_OPERATORS = ['contains', 'not_contains', 'is', 'is_not', 'matches', 'not_matches', 'gt', 'lt', 'before', 'after'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/**
 * What a column holds, which decides its operators and how its value is written. A `boolean`
 * is written `true`/`false` (the column names them, e.g. connected/disconnected); a `tag` is
 * a navigation to the row's tags, filtered by the text of a tag chip (list-filter-tag.ts).
 */
export const FIELD_KINDS = ['text', 'number', 'date', 'enum', 'boolean', 'tag'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const OPERATORS_BY_KIND: Record<FieldKind, readonly FilterOperator[]> = {
  text: ['contains', 'not_contains', 'is', 'is_not', 'matches', 'not_matches'],
  number: ['is', 'is_not', 'gt', 'lt'],
  date: ['before', 'after'],
  enum: ['is', 'is_not'],
  boolean: ['is', 'is_not'],
  tag: ['contains', 'not_contains'],
};

/** The values of a `boolean` field's rules, as the URL keeps them. */
export const BOOLEAN_VALUES = ['true', 'false'] as const;

/**
 * A property of the listed resource, or a path through single-valued navigations
 * (`['is_running__release', 'raw_version']`); for a `tag` field, the multi-valued navigation
 * to the tags (`device_tag`).
 */
export type FieldPath = string | readonly [string, ...string[]];

/** A filterable, sortable field of a list: its kind, where it lives, and the values of an enum. */
export interface ListField {
  kind: FieldKind;
  path: FieldPath;
  /** Allowed values of an `enum` field. */
  options?: readonly string[];
}

/** One rule as the URL keeps it: the field's id in the list, the operator, the typed value. */
export interface FilterRule {
  field: string;
  op: FilterOperator;
  value: string;
}

/**
 * The part of pinejs-client-core's `Filter` these rules build. Structural, so core does not
 * depend on the client; it is assignable to `Filter` where the dashboard sends it.
 */
export type PineFilter =
  | string
  | number
  | boolean
  | null
  | Date
  | readonly PineFilter[]
  | { readonly [key: string]: PineFilter };

export function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);
}

export function operatorsFor(field: ListField): readonly FilterOperator[] {
  return OPERATORS_BY_KIND[field.kind];
}

/** Whether a list can sort on the field: not on tags (a row has many, or none). */
export function isSortableField(field: ListField | undefined): field is ListField {
  return field !== undefined && field.kind !== 'tag';
}

const ref = (path: FieldPath): PineFilter => ({ $: typeof path === 'string' ? path : [...path] });

/** The rule's value in its field's type, or null when it is not one (an empty text, `abc` for a number). */
function typedValue(field: ListField, value: string): string | number | boolean | Date | null {
  switch (field.kind) {
    case 'text':
      return value.trim() === '' ? null : value;
    case 'tag':
      return parseTagQuery(value) === null ? null : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : null;
    case 'enum':
      return field.options === undefined || field.options.includes(value) ? value : null;
    case 'number': {
      if (value.trim() === '') return null;
      const n = Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case 'date': {
      // A date (YYYY-MM-DD, midnight UTC) or a full ISO 8601 timestamp.
      if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
      const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
      return Number.isNaN(d.getTime()) ? null : d;
    }
  }
}

/** Whether `rule` can be applied to `field`: the operator belongs to the field's kind and the value parses. */
export function isValidRule(field: ListField | undefined, rule: FilterRule): field is ListField {
  if (field === undefined || !operatorsFor(field).includes(rule.op)) return false;
  if (isPatternOperator(rule.op)) return regexPatternProblem(rule.value) === null;
  return typedValue(field, rule.value) !== null;
}

/** "matches RegEx" and "does not match RegEx": the value is a pattern (regex-pattern.ts), taken as typed. */
export function isPatternOperator(op: FilterOperator): op is 'matches' | 'not_matches' {
  return op === 'matches' || op === 'not_matches';
}

/**
 * `matchesPattern(field,'pattern')`. pinejs-client-core has no operator for it, so it is a
 * `$raw` with bound parameters: the client escapes and encodes the pattern as any text value.
 * The pattern is the last parameter, so a `$1` inside it is never substituted.
 */
const matchesPattern = (f: PineFilter, pattern: string): PineFilter => ({ $raw: ['matchesPattern($1,$2)', f, pattern] });

/**
 * One rule as a pine filter. Text "contains" is case-insensitive (`contains(tolower(f),'x')`,
 * as balena's dashboard searches); "is" compares exactly. Negations keep the rows where the
 * field is empty: the server compiles `not` as `NOT coalesce(…, false)` and `ne` as
 * `IS DISTINCT FROM`, so a device without an OS version "does not contain" 'balenaOS' — and
 * "does not match" any pattern. "matches" is case-sensitive unless the pattern starts `(?i)`.
 * Returns null for a rule that does not apply (see isValidRule).
 */
export function ruleToPineFilter(field: ListField | undefined, rule: FilterRule): PineFilter | null {
  if (!isValidRule(field, rule)) return null;
  if (rule.op === 'matches') return matchesPattern(ref(field.path), rule.value);
  if (rule.op === 'not_matches') return { $not: matchesPattern(ref(field.path), rule.value) };
  if (field.kind === 'tag') {
    const query = parseTagQuery(rule.value);
    if (query === null) return null;
    const any = tagAnyFilter(orderByPath(field), query);
    return rule.op === 'not_contains' ? { $not: any } : any;
  }
  const value = typedValue(field, rule.value);
  if (value === null) return null;
  const f = ref(field.path);
  switch (rule.op) {
    case 'contains':
      return { $contains: [{ $tolower: f }, String(value).toLowerCase()] };
    case 'not_contains':
      return { $not: { $contains: [{ $tolower: f }, String(value).toLowerCase()] } };
    case 'is':
      return { $eq: [f, value] };
    case 'is_not':
      return { $ne: [f, value] };
    case 'gt':
    case 'after':
      return { $gt: [f, value] };
    case 'lt':
    case 'before':
      return { $lt: [f, value] };
  }
}

/**
 * All rules together (AND) with the list's fixed scope (`{ belongs_to__application: 7 }`).
 * Rules on unknown fields or with values that do not parse are left out, never sent.
 */
export function rulesToPineFilter(
  fields: Readonly<Record<string, ListField>>,
  rules: readonly FilterRule[],
  scope?: { readonly [key: string]: PineFilter },
): PineFilter | undefined {
  const parts: PineFilter[] = [];
  if (scope !== undefined) parts.push(scope);
  for (const rule of rules) {
    const part = ruleToPineFilter(fields[rule.field], rule);
    if (part !== null) parts.push(part);
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { $and: parts };
}

/** `$orderby` for a field: a property name or a navigation path (`is_of__device_type/name`). */
export function orderByPath(field: ListField): string {
  return typeof field.path === 'string' ? field.path : field.path.join('/');
}

/** A loaded row's value as a rule compares it: a text, a number or a time; null when empty or of another type. */
function comparable(field: ListField, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'text':
    case 'enum':
    case 'tag':
      return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : null;
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      return Number.isFinite(n) ? n : null;
    }
    case 'date': {
      const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? new Date(value).getTime() : Number.NaN;
      return Number.isNaN(time) ? null : time;
    }
  }
}

/**
 * Whether a row already loaded in full satisfies the rule, with the same meaning the server
 * gives `ruleToPineFilter`: "contains" is case-insensitive, "is" exact, and the negations keep
 * the rows whose field is empty. For short unpaged lists only (every row is in the browser, so
 * the count is true); a paged list filters on the server. A rule that does not apply matches.
 */
export function ruleMatches(field: ListField | undefined, rule: FilterRule, value: unknown): boolean {
  if (!isValidRule(field, rule)) return true;
  if (field.kind === 'tag') {
    // `value` is the row's loaded tag rows (client-rows.ts passes the whole navigation).
    const query = parseTagQuery(rule.value);
    const has = query !== null && tagsMatch(value, query);
    return rule.op === 'contains' ? has : !has;
  }
  if (isPatternOperator(rule.op)) {
    const text = comparable(field, value);
    const isMatch = text !== null && patternRegExp(rule.value).test(String(text));
    return rule.op === 'matches' ? isMatch : !isMatch;
  }
  const wanted = typedValue(field, rule.value);
  if (wanted === null) return true;
  const actual = comparable(field, value);
  const target = wanted instanceof Date ? wanted.getTime() : typeof wanted === 'boolean' ? String(wanted) : wanted;
  const contains = () => actual !== null && String(actual).toLowerCase().includes(String(target).toLowerCase());
  switch (rule.op) {
    case 'contains':
      return contains();
    case 'not_contains':
      return !contains();
    case 'is':
      return actual === target;
    case 'is_not':
      return actual !== target;
    case 'gt':
    case 'after':
      return actual !== null && actual > target;
    case 'lt':
    case 'before':
      return actual !== null && actual < target;
    default:
      return true; // the pattern operators, handled above
  }
}

/** A valid pattern (regexPatternProblem) as a JavaScript RegExp: a leading `(?i)` is the `i` flag, `(?c)` none. */
function patternRegExp(pattern: string): RegExp {
  const options = /^\(\?([ic])\)/.exec(pattern);
  return new RegExp(options ? pattern.slice(options[0].length) : pattern, options?.[1] === 'i' ? 'i' : '');
}
