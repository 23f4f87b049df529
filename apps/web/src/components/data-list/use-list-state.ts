import { useMemo } from 'react';
import type { FilterRule } from '@flotilla/core/list-filter';
import { listParams, listSearch, nextSort, type ListConfig, type ListParams, type ListSearch } from './list-search.ts';

/**
 * A list's state, read from and written to the URL: the screen passes its route's search and
 * a function that navigates to a new one. Changing the sort, the page size or the rules goes
 * back to page 1.
 */
export function useListState(config: ListConfig, search: ListSearch, onSearchChange: (next: ListSearch) => void) {
  const params = useMemo(() => listParams(search, config), [search, config]);
  const go = (next: ListParams) => onSearchChange(listSearch(next, config));
  return {
    params,
    setPage: (page: number) => go({ ...params, page }),
    setPageSize: (pageSize: number) => go({ ...params, pageSize, page: 1 }),
    toggleSort: (field: string) => go({ ...params, sort: nextSort(params.sort, field), page: 1 }),
    setFilters: (filters: FilterRule[]) => go({ ...params, filters, page: 1 }),
  };
}
