import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { classHasPage, classOfPrefix, correctClassHref, type ApplicationClass, type ApplicationPage } from '@flotilla/core/application-class';
import { requireNumericFleetId } from '../../lib/guards.ts';
import { appRoute } from '../../routes/app-layout.tsx';
import { readFlag } from '../preferences/experimental-flags.ts';
import { fleetListParams, validateFleetListSearch } from './fleet-list.ts';
import { namedPageRouteStates } from '../../components/page-route-states.tsx';

/** `/`: the signed-in home is the fleet list. */
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/$fleetClass', params: { fleetClass: 'fleets' } });
  },
});

/**
 * The class a `$fleetClass` segment names (fleets, apps, blocks), or the not-found page: the
 * segment is a parameter so the three classes share one route tree, and every other top-level
 * path (`/orgs`, `/devices`, …) is static and matched before it.
 */
function requireClass(prefix: string): ApplicationClass {
  const applicationClass = classOfPrefix(prefix);
  if (!applicationClass) throw notFound();
  return applicationClass;
}

/** `/fleets|apps|blocks?page&size&sort&dir&filters`: one class's list, its state validated (fleets spec §"Fleet list"). */
const fleetsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$fleetClass',
  validateSearch: (search: Record<string, unknown>) => validateFleetListSearch(search),
  beforeLoad: ({ params }) => {
    const applicationClass = requireClass(params.fleetClass);
    // Apps are listed only with the display-apps flag on (accounts spec §2 "Sidebar").
    if (applicationClass === 'app' && !readFlag('displayApps')) throw redirect({ to: '/$fleetClass', params: { fleetClass: 'fleets' } });
    return { applicationClass };
  },
  loaderDeps: ({ search }) => search,
  // Starts the page's request while the screen's code loads, instead of after it rendered.
  loader: async ({ context, deps }) => {
    const { fleetPageQuery } = await import('./api/fleets.queries.ts');
    void context.queryClient.prefetchQuery(fleetPageQuery(context.applicationClass, fleetListParams(deps)));
  },
  component: lazyRouteComponent(() => import('./components/FleetListPage.tsx'), 'FleetListPage'),
});

/** Children of the signed-in layout (`_app`). */
export const fleetRoutes = [indexRoute, fleetsRoute] as const;

/**
 * `/fleets|apps|blocks/$fleetId` (fleets spec §2 "Routing rules"): an unknown class prefix is
 * not found; a non-numeric id goes back to the list with an error; an unknown fleet goes to
 * /fleets; a fleet reached under another class's prefix moves to its own. Other features hang
 * pages under it (devices, settings, members, …); router.tsx adds its children.
 */
export const fleetRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$fleetClass/$fleetId',
  ...namedPageRouteStates('fleet'),
  beforeLoad: ({ params }) => ({ applicationClass: requireClass(params.fleetClass), ...requireNumericFleetId({ params }) }),
  loader: async ({ context, location }) => {
    // Imported on demand so the OData client stays out of the first screen's bundle.
    const { fleetQuery } = await import('./api/fleets.queries.ts');
    const fleet = await context.queryClient.ensureQueryData(fleetQuery(context.fleetId));
    if (!fleet) throw redirect({ to: '/$fleetClass', params: { fleetClass: 'fleets' } });
    // A frozen organization's fleets are closed: its page says why (fleets spec §2 Routing rules).
    const organization = fleet.organization[0];
    if (organization?.is_frozen) throw redirect({ to: '/orgs/$orgId', params: { orgId: String(organization.id) } });
    const href = correctClassHref(fleet.is_of__class, location.href);
    if (href) throw redirect({ href });
  },
});

/**
 * `beforeLoad` of a page under `fleetRoute` that not every class has (devices, envvars, config,
 * api-keys are fleets' only): the application's summary instead.
 */
export function requireClassPage(page: ApplicationPage) {
  return ({ context, params }: { context: { applicationClass: ApplicationClass }; params: { fleetClass: string; fleetId: string } }) => {
    if (!classHasPage(context.applicationClass, page)) throw redirect({ to: '/$fleetClass/$fleetId', params });
  };
}

const fleetSummaryRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./components/FleetSummaryPage.tsx'), 'FleetSummaryPage'),
});

/** Children of `fleetRoute`. */
export const fleetPageRoutes = [fleetSummaryRoute] as const;
