import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireNumericParam } from '../../lib/guards.ts';
import { orgRoute } from '../organizations/routes.tsx';
import { teamListParams, validateTeamListSearch } from './team-list.ts';

/** `/orgs/$orgId/teams?page&size&sort&dir&filters`: the list's state, validated. */
const orgTeamsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'teams',
  validateSearch: (search: Record<string, unknown>) => validateTeamListSearch(search),
  loaderDeps: ({ search }) => search,
  // Starts the page's requests while the screen's code loads, instead of after it rendered.
  loader: async ({ context, deps }) => {
    const { teamPageQuery } = await import('./api/teams.queries.ts');
    void context.queryClient.prefetchQuery(teamPageQuery(context.orgId, teamListParams(deps)));
  },
  component: lazyRouteComponent(() => import('./components/TeamListPage.tsx'), 'TeamListPage'),
});

const orgTeamRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'teams/$teamId',
  beforeLoad: ({ params }) => ({ teamId: requireNumericParam(params.teamId, `/orgs/${params.orgId}/teams`) }),
});

const orgTeamSummaryRoute = createRoute({
  getParentRoute: () => orgTeamRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./components/TeamSummaryPage.tsx'), 'TeamSummaryPage'),
});

const orgTeamSectionRoute = (path: 'members' | 'fleets' | 'apps' | 'blocks') =>
  createRoute({
    getParentRoute: () => orgTeamRoute,
    path,
    component: lazyRouteComponent(() => import('./components/TeamSectionPage.tsx'), 'TeamSectionPage'),
  });

/** Children of `orgRoute` (`/orgs/$orgId`). */
export const teamRoutes = [
  orgTeamsRoute,
  orgTeamRoute.addChildren([
    orgTeamSummaryRoute,
    orgTeamSectionRoute('members'),
    orgTeamSectionRoute('fleets'),
    orgTeamSectionRoute('apps'),
    orgTeamSectionRoute('blocks'),
  ]),
] as const;
