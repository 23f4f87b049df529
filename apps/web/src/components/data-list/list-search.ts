import { z } from 'zod';
import { FILTER_OPERATORS, isSortableField, isValidRule, type FilterRule, type ListField } from '@flotilla/core/list-filter';

/**
 * A list's state in the URL (page, page size, sort, filter rules), so a filtered view can be
 * shared and survives a reload. The route's `validateSearch` keeps only what is valid for the
 * list (known fields, an operator of the field's kind, a value that parses, an offered page
 * size) and drops the rest; every key is optional, so plain links need no search.
 */
export type SortDirection = 'asc' | 'desc';
export interface ListSort {
  field: string;
  direction: SortDirection;
}

/** What a list offers: its fields (each filterable, and sortable unless it holds tags), page sizes and defaults. */
export interface ListConfig {
  /** Names the list for remembered column choices (`fleet-devices`). */
  tableId: string;
  fields: Readonly<Record<string, ListField>>;
  pageSizes: readonly number[];
  defaultPageSize: number;
  defaultSort: ListSort;
}

/** The search params as the URL holds them; defaults are left out. */
export interface ListSearch {
  page?: number;
  size?: number;
  sort?: string;
  dir?: SortDirection;
  filters?: FilterRule[];
}

/** The list's state with defaults applied; `page` counts from 1. */
export interface ListParams {
  page: number;
  pageSize: number;
  sort: ListSort;
  filters: FilterRule[];
}

/** More rules than anyone composes by hand; keeps the OData query far below its node limit. */
export const MAX_FILTER_RULES = 20;

const ruleSchema = z.object({ field: z.string().max(100), op: z.enum(FILTER_OPERATORS), value: z.string().max(500) });

function pick<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
}

/**
 * A route's validated search with every key it owns present, `undefined` where the URL's value
 * was dropped. TanStack Router lays a route's validated search over its parent's, and the root's
 * is the raw URL's (numbers and JSON parsed): a key merely left out would keep the raw value
 * (`?q=1.1` reached the page as the number 1.1, `?filters=abc` as a string).
 */
export function ownKeys<T extends object>(keys: ReadonlyArray<keyof T>, valid: T): T {
  return { ...(Object.fromEntries(keys.map((k) => [k, undefined])) as T), ...valid };
}

const LIST_SEARCH_KEYS = ['page', 'size', 'sort', 'dir', 'filters'] as const satisfies ReadonlyArray<keyof ListSearch>;

/** The route's `validateSearch` for a list. */
export function listSearchValidator(config: ListConfig): (search: Record<string, unknown>) => ListSearch {
  return (search) => ownKeys(LIST_SEARCH_KEYS, validListSearch(config, search));
}

function validListSearch(config: ListConfig, search: Record<string, unknown>): ListSearch {
  {
    const out: ListSearch = {};
    const page = pick(z.coerce.number().int().min(1).max(1_000_000), search.page);
    if (page !== undefined && page > 1) out.page = page;
    const size = pick(z.coerce.number().int(), search.size);
    if (size !== undefined && size !== config.defaultPageSize && config.pageSizes.includes(size)) out.size = size;
    const sort = pick(z.string(), search.sort);
    if (sort !== undefined && isSortableField(config.fields[sort])) out.sort = sort;
    const dir = pick(z.enum(['asc', 'desc']), search.dir);
    if (dir !== undefined) out.dir = dir;
    const rules = pick(z.array(z.unknown()).max(MAX_FILTER_RULES), search.filters) ?? [];
    const filters = rules
      .map((r) => pick(ruleSchema, r))
      .filter((r): r is FilterRule => r !== undefined && isValidRule(config.fields[r.field], r));
    if (filters.length > 0) out.filters = filters;
    return out;
  }
}

/** The list's state: the URL's values over the defaults. */
export function listParams(search: ListSearch, config: ListConfig): ListParams {
  const field = search.sort !== undefined && isSortableField(config.fields[search.sort]) ? search.sort : config.defaultSort.field;
  const direction = search.dir ?? (field === config.defaultSort.field ? config.defaultSort.direction : 'asc');
  return {
    page: search.page ?? 1,
    pageSize: search.size ?? config.defaultPageSize,
    sort: { field, direction },
    filters: search.filters ?? [],
  };
}

/** The URL's search for a state: only what differs from the defaults. */
export function listSearch(params: ListParams, config: ListConfig): ListSearch {
  const out: ListSearch = {};
  if (params.page > 1) out.page = params.page;
  if (params.pageSize !== config.defaultPageSize) out.size = params.pageSize;
  const isDefaultSort = params.sort.field === config.defaultSort.field && params.sort.direction === config.defaultSort.direction;
  if (!isDefaultSort) {
    out.sort = params.sort.field;
    out.dir = params.sort.direction;
  }
  if (params.filters.length > 0) out.filters = params.filters;
  return out;
}

/** Clicking a header: the same field flips its direction, another field starts ascending. */
export function nextSort(current: ListSort, field: string): ListSort {
  return current.field === field ? { field, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { field, direction: 'asc' };
}
