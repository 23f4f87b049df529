import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { fleetQuery } from '../fleets/api/fleets.queries.ts';
import { fleetRoute } from '../fleets/routes.tsx';
import { fleetReleasePageQuery } from './api/releases.queries.ts';
import { releaseListParams, validateReleaseListSearch } from './release-list.ts';

/**
 * `/fleets|apps|blocks/$fleetId/releases?page&q` (fleets spec §2 route table): every class has
 * releases. The fleet route above corrects a wrong class prefix and sends an unknown fleet to
 * /fleets. The loader starts the page's request while the screen's code loads.
 */
const fleetReleasesRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'releases',
  validateSearch: (search: Record<string, unknown>) => validateReleaseListSearch(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(fleetReleasePageQuery(context.fleetId, releaseListParams(deps)));
    void context.queryClient.prefetchQuery(fleetQuery(context.fleetId));
  },
  component: lazyRouteComponent(() => import('./components/ReleaseListPage.tsx'), 'ReleaseListPage'),
});

/** Children of `fleetRoute`; router.tsx adds them. */
export const fleetReleaseRoutes = [fleetReleasesRoute] as const;
