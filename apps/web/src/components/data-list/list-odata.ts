import { isSortableField, orderByPath, rulesToPineFilter, type PineFilter } from '@flotilla/core/list-filter';
import type { ListConfig, ListParams } from './list-search.ts';

/**
 * A list state as OData options: the page (`$top`/`$skip`), the sort (`$orderby`, the server
 * adds the id as tie-breaker so pages are stable) and the rules ANDed with the list's scope
 * (`$filter`, also sent to `/$count` for the total). Everything happens on the server.
 */
export interface ListODataOptions {
  $filter: PineFilter | undefined;
  /** The scope alone: counted when the filtered list is empty, to tell "no match" from "empty". */
  $scope: PineFilter | undefined;
  $orderby: Record<string, 'asc' | 'desc'>;
  $top: number;
  $skip: number;
}

export function listODataOptions(config: ListConfig, params: ListParams, scope?: { readonly [key: string]: PineFilter }): ListODataOptions {
  const wanted = config.fields[params.sort.field];
  const sortField = isSortableField(wanted) ? wanted : config.fields[config.defaultSort.field];
  return {
    $filter: rulesToPineFilter(config.fields, params.filters, scope),
    $scope: scope,
    $orderby: sortField ? { [orderByPath(sortField)]: params.sort.direction } : {},
    $top: params.pageSize,
    $skip: (params.page - 1) * params.pageSize,
  };
}
