import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { fleetRoute } from '../fleets/routes.tsx';

/**
 * `/fleets/$fleetId/logs`: every device's log lines of a fleet in one live tail, filterable by
 * device and service (Flotilla's own, beyond balena's per-device panel). Fleets only: apps and
 * blocks have no devices, so they go to their summary.
 */
const fleetLogsRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'logs',
  beforeLoad: ({ context, params }) => {
    if (context.applicationClass !== 'fleet') throw redirect({ to: '/$fleetClass/$fleetId', params });
  },
  component: lazyRouteComponent(() => import('./components/FleetLogsPage.tsx'), 'FleetLogsPage'),
});

/** Children of `fleetRoute`. */
export const fleetLogRoutes = [fleetLogsRoute] as const;
