import { listParams, listSearchValidator, type ListConfig, type ListParams, type ListSearch } from '../../components/data-list/list-search.ts';

/**
 * The user's fleets (/fleets, fleets spec §"Fleet list": "a filterable table"): the fields it
 * sorts and filters on the server, by column id. The device total is `owns__device/$count`, so
 * it sorts and filters on the server too (`$orderby=owns__device/$count desc`). The online
 * count is a `$count($filter=…)` of the same navigation, which a list field's path cannot
 * name: it is shown but neither sorted nor filtered. The URL holds the state, e.g. fleets of
 * an organization: `?filters=[{"field":"organization","op":"is","value":"acme"}]`.
 */
export const FLEET_LIST: ListConfig = {
  tableId: 'fleets',
  fields: {
    name: { kind: 'text', path: 'app_name' },
    deviceType: { kind: 'text', path: ['is_for__device_type', 'name'] },
    organization: { kind: 'text', path: ['organization', 'name'] },
    devices: { kind: 'number', path: ['owns__device', '$count'] },
    release: { kind: 'text', path: ['should_be_running__release', 'raw_version'] },
  },
  pageSizes: [25, 50, 100, 500],
  defaultPageSize: 50,
  defaultSort: { field: 'name', direction: 'asc' },
};

/** The fleets route's `validateSearch`. */
export const validateFleetListSearch = listSearchValidator(FLEET_LIST);

/** The list's state for a validated search (defaults applied): the route's loader prefetches this page. */
export const fleetListParams = (search: ListSearch): ListParams => listParams(search, FLEET_LIST);
