import { listParams, listSearchValidator, type ListConfig, type ListParams, type ListSearch } from '../../components/data-list/list-search.ts';

/**
 * The organization's teams (/orgs/$orgId/teams): the fields the list sorts and filters on the
 * server, by column id, and its page sizes. The URL holds the state, e.g.
 * `?filters=[{"field":"name","op":"contains","value":"ops"}]`.
 */
export const TEAM_LIST: ListConfig = {
  tableId: 'org-teams',
  fields: {
    name: { kind: 'text', path: 'name' },
    created: { kind: 'date', path: 'created_at' },
  },
  pageSizes: [25, 50, 100, 500],
  defaultPageSize: 50,
  defaultSort: { field: 'name', direction: 'asc' },
};

/** The teams route's `validateSearch`. */
export const validateTeamListSearch = listSearchValidator(TEAM_LIST);

/** The list's state for a validated search (defaults applied): the route's loader prefetches this page. */
export const teamListParams = (search: ListSearch): ListParams => listParams(search, TEAM_LIST);
