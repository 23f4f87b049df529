import { ORGANIZATION_ROLES } from '@flotilla/core/roles';
import { listParams, listSearchValidator, type ListConfig, type ListParams, type ListSearch } from '../../components/data-list/list-search.ts';

/**
 * The organization's member list (/orgs/$orgId/members): the fields it sorts and filters on
 * the server, by column id, and its page sizes (accounts spec §9: 25 rows by default). The URL
 * holds the state, e.g. the administrators: `?filters=[{"field":"role","op":"is","value":"administrator"}]`.
 * There is no email column: the API serves a user's email to that user only (user_profile).
 */
export const MEMBER_LIST: ListConfig = {
  tableId: 'org-members',
  fields: {
    username: { kind: 'text', path: ['user', 'username'] },
    role: { kind: 'enum', path: ['organization_membership_role', 'name'], options: ORGANIZATION_ROLES },
    joined: { kind: 'date', path: 'created_at' },
  },
  pageSizes: [25, 50, 100, 500],
  defaultPageSize: 25,
  defaultSort: { field: 'username', direction: 'asc' },
};

/** The members route's `validateSearch`. */
export const validateMemberListSearch = listSearchValidator(MEMBER_LIST);

/** The list's state for a validated search (defaults applied): the route's loader prefetches this page. */
export const memberListParams = (search: ListSearch): ListParams => listParams(search, MEMBER_LIST);
