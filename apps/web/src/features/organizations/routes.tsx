import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireNumericParam } from '../../lib/guards.ts';
import { whoamiQuery } from '../../lib/auth-api.ts';
import { appRoute } from '../../routes/app-layout.tsx';
import { organizationListParams, validateOrganizationListSearch } from './organization-list.ts';
import { namedPageRouteStates } from '../../components/page-route-states.tsx';

/**
 * Organizations (accounts spec §2): `/orgs` and everything under `/orgs/$orgId`. The org
 * loader sends a non-numeric id to /orgs with the invalid-id error, an unknown or unreachable
 * organization to /orgs, and applies the frozen-organization rule (organizationGuard).
 */
const orgsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'orgs',
  // `/orgs?page&size&sort&dir&filters`: the list's state, validated.
  validateSearch: (search: Record<string, unknown>) => validateOrganizationListSearch(search),
  loaderDeps: ({ search }) => search,
  // Starts the page's requests while the screen's code loads, instead of after it rendered.
  // The user is known after the first load (the layout's loader reads it); before that the screen asks.
  loader: async ({ context, deps }) => {
    const actor = context.queryClient.getQueryData(whoamiQuery.queryKey);
    if (!actor) return;
    const { organizationPageQuery } = await import('./api/organizations.queries.ts');
    void context.queryClient.prefetchQuery(organizationPageQuery(actor.actorTypeId, organizationListParams(deps)));
  },
  component: lazyRouteComponent(() => import('./components/OrganizationListPage.tsx'), 'OrganizationListPage'),
});

/** Children of the signed-in layout (`_app`). */
export const organizationRoutes = [orgsRoute] as const;

/** `/orgs/$orgId`: other features hang pages under it (members, teams); router.tsx adds its children. */
export const orgRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'orgs/$orgId',
  ...namedPageRouteStates('organization'),
  beforeLoad: ({ params }) => ({ orgId: requireNumericParam(params.orgId, '/orgs') }),
  loader: async ({ context, location }) => {
    const { organizationGuard } = await import('./organization-guard.ts');
    await organizationGuard(context.queryClient, context.orgId, location.pathname);
  },
  // The past-due notice above each of its pages.
  component: lazyRouteComponent(() => import('./components/OrganizationLayout.tsx'), 'OrganizationLayout'),
});

const orgSummaryRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./components/OrganizationSummaryPage.tsx'), 'OrganizationSummaryPage'),
});

/** `/orgs/$orgId/fleets|apps|blocks`: the organization's applications of one class. */
const orgApplicationsRoute = (path: 'fleets' | 'apps' | 'blocks') =>
  createRoute({
    getParentRoute: () => orgRoute,
    path,
    component: lazyRouteComponent(() => import('./components/OrganizationApplicationsPage.tsx'), 'OrganizationApplicationsPage'),
  });

/** Children of `orgRoute`. */
export const organizationPageRoutes = [
  orgSummaryRoute,
  orgApplicationsRoute('fleets'),
  orgApplicationsRoute('apps'),
  orgApplicationsRoute('blocks'),
] as const;
