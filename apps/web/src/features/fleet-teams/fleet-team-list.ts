import { FLEET_ROLES } from '@flotilla/core/roles';
import { listParams, listSearchValidator, type ListConfig, type ListParams, type ListSearch } from '../../components/data-list/list-search.ts';

/**
 * The teams with access to a fleet (/{fleets|apps|blocks}/$fleetId/teams; fleets spec §7 "GET
 * team_application_access by fleet, with count"): server fields by column id and page sizes.
 */
export const FLEET_TEAM_LIST: ListConfig = {
  tableId: 'fleet-teams',
  fields: {
    team: { kind: 'text', path: ['team', 'name'] },
    role: { kind: 'enum', path: ['application_membership_role', 'name'], options: FLEET_ROLES },
  },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  defaultSort: { field: 'team', direction: 'asc' },
};

export const validateFleetTeamListSearch = listSearchValidator(FLEET_TEAM_LIST);

export const fleetTeamListParams = (search: ListSearch): ListParams => listParams(search, FLEET_TEAM_LIST);
