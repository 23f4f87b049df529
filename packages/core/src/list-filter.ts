/**
 * Filter rules of the product's list screens (fleets spec §"Fleet list": contains, does not
 * contain, is, is not, is more than, is less than, is before, is after), written once: which
 * operators a column of each kind offers, and how a rule becomes a pinejs-client-core filter
 * object, so the server pages, counts and sorts over exactly the rows the rules describe.
 *
 * "matches RegEx" and "does not match RegEx" are deliberately absent. balena's OData dialect
 * (@balena/odata-parser, pinejs-client-core) has no regular-expression function, so a regex
 * filter would be a Flotilla-only URL no balena client can send or understand, and a
 * user-supplied pattern is evaluated on every row of the fleet without an index (bounded only
 * by the statement timeout). Filtering a server page in the browser would be dishonest (the
 * total and the other pages would not match). See docs/architecture.md "Lists".
 */

export const FILTER_OPERATORS = ['contains', 'not_contains', 'is', 'is_not', 'gt', 'lt', 'before', 'after'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** What a column holds, which decides its operators and how its value is written. */
export const FIELD_KINDS = ['text', 'number', 'date', 'enum'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const OPERATORS_BY_KIND: Record<FieldKind, readonly FilterOperator[]> = {
  text: ['contains', 'not_contains', 'is', 'is_not'],
  number: ['is', 'is_not', 'gt', 'lt'],
  date: ['before', 'after'],
  enum: ['is', 'is_not'],
};

/** A property of the listed resource, or a path through single-valued navigations (`['is_running__release', 'raw_version']`). */
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

const ref = (path: FieldPath): PineFilter => ({ $: typeof path === 'string' ? path : [...path] });

/** The rule's value in its field's type, or null when it is not one (an empty text, `abc` for a number). */
function typedValue(field: ListField, value: string): string | number | Date | null {
  switch (field.kind) {
    case 'text':
      return value.trim() === '' ? null : value;
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
  return field !== undefined && operatorsFor(field).includes(rule.op) && typedValue(field, rule.value) !== null;
}

/**
 * One rule as a pine filter. Text "contains" is case-insensitive (`contains(tolower(f),'x')`,
 * as balena's dashboard searches); "is" compares exactly. Negations keep the rows where the
 * field is empty: the server compiles `not` as `NOT coalesce(…, false)` and `ne` as
 * `IS DISTINCT FROM`, so a device without an OS version "does not contain" 'balenaOS'.
 * Returns null for a rule that does not apply (see isValidRule).
 */
export function ruleToPineFilter(field: ListField | undefined, rule: FilterRule): PineFilter | null {
  if (!isValidRule(field, rule)) return null;
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
