import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireNumericParam } from '../../lib/guards.ts';
import { orgRoute } from '../organizations/routes.tsx';
import { memberListParams, validateMemberListSearch } from './member-list.ts';

/** `/orgs/$orgId/members?page&size&sort&dir&filters`: the list's state, validated. */
const orgMembersRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'members',
  validateSearch: (search: Record<string, unknown>) => validateMemberListSearch(search),
  loaderDeps: ({ search }) => search,
  // Starts the page's requests while the screen's code loads, instead of after it rendered.
  loader: async ({ context, deps }) => {
    const { memberPageQuery } = await import('./api/members.queries.ts');
    void context.queryClient.prefetchQuery(memberPageQuery(context.orgId, memberListParams(deps)));
  },
  component: lazyRouteComponent(() => import('./components/MemberListPage.tsx'), 'MemberListPage'),
});

/** `/orgs/$orgId/members/$memberId`: memberId is the organization_membership id. */
const orgMemberRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'members/$memberId',
  beforeLoad: ({ params }) => ({ memberId: requireNumericParam(params.memberId, `/orgs/${params.orgId}/members`) }),
});

const orgMemberSummaryRoute = createRoute({
  getParentRoute: () => orgMemberRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./components/MemberSummaryPage.tsx'), 'MemberSummaryPage'),
});

const orgMemberSectionRoute = (path: 'teams' | 'fleets' | 'apps' | 'blocks') =>
  createRoute({
    getParentRoute: () => orgMemberRoute,
    path,
    component: lazyRouteComponent(() => import('./components/MemberSectionPage.tsx'), 'MemberSectionPage'),
  });

/** Children of `orgRoute` (`/orgs/$orgId`). */
export const memberRoutes = [
  orgMembersRoute,
  orgMemberRoute.addChildren([
    orgMemberSummaryRoute,
    orgMemberSectionRoute('teams'),
    orgMemberSectionRoute('fleets'),
    orgMemberSectionRoute('apps'),
    orgMemberSectionRoute('blocks'),
  ]),
] as const;
