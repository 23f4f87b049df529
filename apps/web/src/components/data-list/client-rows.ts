import { isSortableField, ruleMatches, type FieldPath, type ListField } from '@flotilla/core/list-filter';
import type { ODataPage } from '../../lib/odata.ts';
import type { ListConfig, ListParams } from './list-search.ts';

/**
 * A short unpaged list whose rows are all in the browser already (a user's SSH keys, a team's
 * members): the same rules and sort as a server list, applied to the loaded rows. Honest
 * because nothing is left on the server: the total is the number of rows the rules keep.
 */

/** What such a list declares: its fields (paths into the loaded row) and default sort; no pages. */
export type ClientListConfig = Pick<ListConfig, 'tableId' | 'fields' | 'defaultSort'>;

/** The value at `path` in a loaded row; an expanded navigation (an array) stands for its first row, as in OData. */
export function valueAt(row: unknown, path: FieldPath): unknown {
  const keys = typeof path === 'string' ? [path] : path;
  let value: unknown = row;
  for (const key of keys) {
    if (Array.isArray(value)) value = value[0];
    value = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  }
  return Array.isArray(value) ? value[0] : value;
}

/** The value a rule on `field` compares: a tag field's rules look at all the row's tags, the others at one value. */
function fieldValue(row: unknown, field: ListField | undefined, fallback: string): unknown {
  if (field?.kind === 'tag') return typeof row === 'object' && row !== null && typeof field.path === 'string' ? Reflect.get(row, field.path) : undefined;
  return valueAt(row, field?.path ?? fallback);
}

/** A field's value as it sorts: a number, a time or a text; null when empty. */
function sortKey(field: ListField, value: unknown): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'number') return typeof value === 'number' ? value : Number(value);
  if (field.kind === 'date') return typeof value === 'string' || value instanceof Date ? new Date(value).getTime() : null;
  if (field.kind === 'boolean') return typeof value === 'boolean' ? Number(value) : null;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Ascending order of two sort keys; empty sorts after any value, as PostgreSQL's NULLS LAST. */
function compareKeys(a: number | string | null, b: number | string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

/**
 * The loaded rows the list's rules keep (AND), in the list's sort (equal values keep the order
 * they came in), as the page DataList renders: every row, the total, and whether the scope
 * itself is empty ("empty" rather than "no match").
 */
export function clientListPage<Row>(rows: readonly Row[], config: ClientListConfig, params: Pick<ListParams, 'sort' | 'filters'>): ODataPage<Row> {
  const kept = rows.filter((row) => params.filters.every((rule) => ruleMatches(config.fields[rule.field], rule, fieldValue(row, config.fields[rule.field], rule.field))));
  const wanted = config.fields[params.sort.field];
  const sortField = isSortableField(wanted) ? wanted : config.fields[config.defaultSort.field];
  const sign = params.sort.direction === 'desc' ? -1 : 1;
  const sorted = sortField
    ? kept
        .map((row, index) => ({ row, index, key: sortKey(sortField, valueAt(row, sortField.path)) }))
        // Descending reverses the order, empty rows included (first), as the server does.
        .sort((a, b) => sign * compareKeys(a.key, b.key) || a.index - b.index)
        .map((x) => x.row)
    : kept;
  return { rows: sorted, total: sorted.length, isScopeEmpty: rows.length === 0 };
}
