import { FLEET_ROLES } from '@flotilla/core/roles';
import { listParams, listSearchValidator, type ListConfig, type ListParams, type ListSearch } from '../../components/data-list/list-search.ts';

/**
 * The fleet's members (/{fleets|apps|blocks}/$fleetId/members; fleets spec §7 "GET application
 * membership by fleet: expand user, role, application; filter, top, skip, order by username;
 * count"): the server fields by column id and the page sizes. The URL holds the state.
 */
export const FLEET_MEMBER_LIST: ListConfig = {
  tableId: 'fleet-members',
  fields: {
    username: { kind: 'text', path: ['user', 'username'] },
    role: { kind: 'enum', path: ['application_membership_role', 'name'], options: FLEET_ROLES },
    added: { kind: 'date', path: 'created_at' },
  },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  defaultSort: { field: 'username', direction: 'asc' },
};

export const validateFleetMemberListSearch = listSearchValidator(FLEET_MEMBER_LIST);

export const fleetMemberListParams = (search: ListSearch): ListParams => listParams(search, FLEET_MEMBER_LIST);
