import { useQuery } from '@tanstack/react-query';
import { useShownQueryError } from '../../../components/states/query-failure.ts';
import { limitedRolesQuery } from '../api/fleet-members.queries.ts';

/**
 * Whether the organization's plan gives the limited roles, for a role picker: undefined while
 * the plan is not read (loading, or failed: `failure` then has the error and its Retry). A
 * failed read is not "no paid add-on": the pickers say the limited roles wait for the plan, and
 * the forms that send a role wait for it too.
 */
export function useLimitedRoles(organizationId: number, isEnabled = true) {
  const query = useQuery({ ...limitedRolesQuery(organizationId), enabled: isEnabled });
  const failure = useShownQueryError(query);
  return { hasLimitedRoles: query.data, failure };
}
