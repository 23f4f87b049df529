import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { isObserverOnly, rolesHavePermission, type RoleName } from '@flotilla/core/roles';
import { useRolesState, type RolesState } from '../../../lib/permissions.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';

const route = getRouteApi('/_app/$fleetClass/$fleetId/releases/$releaseId');

/** The fleet and release ids the release route checked (numeric), and the URL's class prefix. */
export function useReleaseIds(): { fleetClass: string; fleetId: number; releaseId: number } {
  const { fleetId, releaseId } = route.useRouteContext();
  const { fleetClass } = route.useParams();
  return { fleetClass, fleetId, releaseId };
}

export interface ReleaseAccess {
  /** null while the user's roles load (nothing role-dependent renders or is fetched yet). */
  roles: RoleName[] | null;
  /** A read of the roles failed: its error and a retry (RolesPending shows them). */
  failure: RolesState['failure'];
  scope: { fleetId: number; organizationId?: number };
  /** fleets spec §6 "Observer-only view": header, known issues, notes and assets, read only. */
  isObserverOnly: boolean;
  /** resin.release.update: version, notes, known issues, validate, finalize. */
  canUpdate: boolean;
  /** resin.release.delete. */
  canDelete: boolean;
}

/** The user's effective role on the release's fleet (organization, fleet and team roles, §6), as the page uses it. */
export function useReleaseAccess(fleetId: number): ReleaseAccess {
  const fleet = useQuery(fleetQuery(fleetId));
  const scope = { fleetId, organizationId: fleet.data?.organization[0]?.id };
  // Until the fleet names its organization, the organization role is unknown: wait for it.
  const { roles, failure } = useRolesState(scope);
  const known = fleet.data ? roles : null;
  return {
    roles: known,
    failure,
    scope,
    isObserverOnly: known === null || isObserverOnly(known),
    canUpdate: known !== null && rolesHavePermission(known, 'resin.release.update'),
    canDelete: known !== null && rolesHavePermission(known, 'resin.release.delete'),
  };
}
