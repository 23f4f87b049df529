import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { fleetRoute } from '../fleets/routes.tsx';
import { validateFleetMemberListSearch } from './fleet-member-list.ts';

/**
 * `/{fleets|apps|blocks}/$fleetId/members?page&size&sort&dir&filters` (fleets spec §2 "Fleet
 * members"): every class has it. The page decides from the user's roles whether to load the
 * members at all (resin.application.read), so nothing is prefetched here.
 */
const fleetMembersRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'members',
  validateSearch: (search: Record<string, unknown>) => validateFleetMemberListSearch(search),
  component: lazyRouteComponent(() => import('./components/FleetMembersPage.tsx'), 'FleetMembersPage'),
});

/** Children of `fleetRoute`. */
export const fleetMemberRoutes = [fleetMembersRoute] as const;
