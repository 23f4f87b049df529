import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { fleetRoute } from '../fleets/routes.tsx';
import { validateFleetTeamListSearch } from './fleet-team-list.ts';

/**
 * `/{fleets|apps|blocks}/$fleetId/teams?page&size&sort&dir&filters` (fleets spec §2 "Fleet
 * teams"): every class has it. The page decides from the user's roles whether to load anything.
 */
const fleetTeamsRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'teams',
  validateSearch: (search: Record<string, unknown>) => validateFleetTeamListSearch(search),
  component: lazyRouteComponent(() => import('./components/FleetTeamsPage.tsx'), 'FleetTeamsPage'),
});

/** Children of `fleetRoute`. */
export const fleetTeamRoutes = [fleetTeamsRoute] as const;
