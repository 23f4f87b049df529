import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { requireNumericFleetId } from '../../lib/guards.ts';
import { appRoute } from '../../routes/app-layout.tsx';

/** `/`: the signed-in home is the fleet list. */
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/fleets' });
  },
});

const fleetsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'fleets',
  component: lazyRouteComponent(() => import('./components/FleetListPage.tsx'), 'FleetListPage'),
});

/** Children of the signed-in layout (`_app`). */
export const fleetRoutes = [indexRoute, fleetsRoute] as const;

/**
 * `/fleets/$fleetId`: numeric id or back to /fleets with an error; an unknown fleet goes to /fleets.
 * Other features hang pages under it (devices); router.tsx adds its children.
 */
export const fleetRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'fleets/$fleetId',
  beforeLoad: ({ params }) => requireNumericFleetId({ params }),
  loader: async ({ context }) => {
    // Imported on demand so the OData client stays out of the first screen's bundle.
    const { fleetQuery } = await import('./api/fleets.queries.ts');
    const fleet = await context.queryClient.ensureQueryData(fleetQuery(context.fleetId));
    if (!fleet) throw redirect({ to: '/fleets' });
  },
});

const fleetSummaryRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./components/FleetSummaryPage.tsx'), 'FleetSummaryPage'),
});

/** Children of `fleetRoute`. */
export const fleetPageRoutes = [fleetSummaryRoute] as const;
