import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { deviceRoute } from '../devices/routes.tsx';
import { fleetRoute, requireClassPage } from '../fleets/routes.tsx';

/**
 * `/fleets/$fleetId/config`: the fleet's configuration variables (fleets spec §2 Route table,
 * "Fleet configuration page"). Fleets only: apps and blocks go to their summary.
 */
const fleetConfigRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'config',
  beforeLoad: requireClassPage('config'),
  component: lazyRouteComponent(() => import('./components/FleetConfigurationPage.tsx'), 'FleetConfigurationPage'),
});

/** `/devices/$uuid/config`: the device's configuration, each value beside the fleet's it inherits. */
const deviceConfigRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: 'config',
  component: lazyRouteComponent(() => import('./components/DeviceConfigurationPage.tsx'), 'DeviceConfigurationPage'),
});

/** Children of `fleetRoute`. */
export const fleetConfigRoutes = [fleetConfigRoute] as const;
/** Children of `deviceRoute`. */
export const deviceConfigRoutes = [deviceConfigRoute] as const;
