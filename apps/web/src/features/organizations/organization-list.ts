import { listParams, listSearchValidator, type ListConfig, type ListParams, type ListSearch } from '../../components/data-list/list-search.ts';

/**
 * The user's organizations (/orgs): the fields the list sorts and filters on the server, by
 * column id, and its page sizes. Name sorts in the database's collation (the server orders
 * by paths only), like every list. The URL holds the state, e.g.
 * `?filters=[{"field":"handle","op":"contains","value":"acme"}]`.
 */
export const ORGANIZATION_LIST: ListConfig = {
  tableId: 'organizations',
  fields: {
    name: { kind: 'text', path: 'name' },
    handle: { kind: 'text', path: 'handle' },
    created: { kind: 'date', path: 'created_at' },
  },
  pageSizes: [25, 50, 100, 500],
  defaultPageSize: 50,
  defaultSort: { field: 'name', direction: 'asc' },
};

/** The /orgs route's `validateSearch`. */
export const validateOrganizationListSearch = listSearchValidator(ORGANIZATION_LIST);

/** The list's state for a validated search (defaults applied): the route's loader prefetches this page. */
export const organizationListParams = (search: ListSearch): ListParams => listParams(search, ORGANIZATION_LIST);
