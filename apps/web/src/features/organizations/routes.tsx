import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireNumericParam } from '../../lib/guards.ts';
import { appRoute } from '../../routes/app-layout.tsx';

/**
 * Organizations (accounts spec §2): `/orgs` and everything under `/orgs/$orgId`. The org
 * loader sends a non-numeric id to /orgs with the invalid-id error, an unknown or unreachable
 * organization to /orgs, and applies the frozen-organization rule (organizationGuard).
 */
const orgsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'orgs',
  component: lazyRouteComponent(() => import('./components/OrganizationListPage.tsx'), 'OrganizationListPage'),
});

/** Children of the signed-in layout (`_app`). */
export const organizationRoutes = [orgsRoute] as const;

/** `/orgs/$orgId`: other features hang pages under it (members, teams); router.tsx adds its children. */
export const orgRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'orgs/$orgId',
  beforeLoad: ({ params }) => ({ orgId: requireNumericParam(params.orgId, '/orgs') }),
  loader: async ({ context, location }) => {
    const { organizationGuard } = await import('./organization-guard.ts');
    await organizationGuard(context.queryClient, context.orgId, location.pathname);
  },
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
