import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { deviceRoute } from '../devices/routes.tsx';
import { fleetRoute, requireClassPage } from '../fleets/routes.tsx';

/**
 * `/fleets/$fleetId/envvars`: the fleet's variables, fleet-wide and per service, edited in stages
 * (fleets spec §2 Route table, "Fleet variables tab"). Fleets only: apps and blocks go to their summary.
 */
const fleetVariablesRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'envvars',
  beforeLoad: requireClassPage('envvars'),
  component: lazyRouteComponent(() => import('./components/FleetVariablesPage.tsx'), 'FleetVariablesPage'),
});

/** `/devices/$uuid/envvars`: the device's overrides, each beside the fleet value it inherits. */
const deviceVariablesRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: 'envvars',
  component: lazyRouteComponent(() => import('./components/DeviceVariablesPage.tsx'), 'DeviceVariablesPage'),
});

/** Children of `fleetRoute`. */
export const fleetVariableRoutes = [fleetVariablesRoute] as const;
/** Children of `deviceRoute`. */
export const deviceVariableRoutes = [deviceVariablesRoute] as const;
