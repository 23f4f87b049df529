import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { requireNumericFleetId } from '../../lib/guards.ts';
import { appRoute } from '../../routes/app-layout.tsx';
import { fleetListParams, validateFleetListSearch } from './fleet-list.ts';

/** `/`: the signed-in home is the fleet list. */
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/fleets' });
  },
});

/** `/fleets?page&size&sort&dir&filters`: the fleet list's state, validated (fleets spec §"Fleet list"). */
const fleetsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'fleets',
  validateSearch: (search: Record<string, unknown>) => validateFleetListSearch(search),
  loaderDeps: ({ search }) => search,
  // Starts the page's request while the screen's code loads, instead of after it rendered.
  loader: async ({ context, deps }) => {
    const { fleetPageQuery } = await import('./api/fleets.queries.ts');
    void context.queryClient.prefetchQuery(fleetPageQuery(fleetListParams(deps)));
  },
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
