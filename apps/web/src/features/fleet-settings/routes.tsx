import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { fleetRoute } from '../fleets/routes.tsx';

/**
 * `/fleets|apps|blocks/$id/settings` (fleets spec §2 route table): every class has settings.
 * Observer-only users are sent to / by the page once their roles are known (§2 "Routing rules":
 * a permission-less view redirects to /).
 */
const fleetSettingsRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'settings',
  loader: async ({ context }) => {
    const { fleetSettingsQuery } = await import('./api/fleet-settings.queries.ts');
    void context.queryClient.prefetchQuery(fleetSettingsQuery(context.fleetId));
  },
  component: lazyRouteComponent(() => import('./components/FleetSettingsPage.tsx'), 'FleetSettingsPage'),
});

/** Children of `fleetRoute`. */
export const fleetSettingsRoutes = [fleetSettingsRoute] as const;
