import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { RootLayout } from './components/RootLayout.tsx';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { PageError } from './components/PageError.tsx';
import { PageLoading } from './components/PageLoading.tsx';
import { whoamiQuery } from './lib/auth-api.ts';
import {
  redirectIfSignedIn,
  requireNumericFleetId,
  requireNumericParam,
  requireTwoFactorPending,
  requireSignedIn,
  requireVerificationPending,
  requireVerifiedEmail,
  validateLoginSearch,
} from './lib/guards.ts';

/**
 * The route table (fleets spec §2, accounts spec §2), code-based. Screens are lazy route
 * components so the first screen loads only the shell; guards run in `beforeLoad`.
 */

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => redirectIfSignedIn({ search }),
  component: lazyRouteComponent(() => import('./features/auth/components/LoginPage.tsx'), 'LoginPage'),
});

/** Accounts spec §2: the second sign-in step, only while the second factor is pending. */
const loginTwoFactorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login/two-factor',
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => requireTwoFactorPending({ search }),
  component: lazyRouteComponent(() => import('./features/two-factor/components/TwoFactorLoginPage.tsx'), 'TwoFactorLoginPage'),
});

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signup',
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => redirectIfSignedIn({ search }),
  component: lazyRouteComponent(() => import('./features/auth/components/SignupPage.tsx'), 'SignupPage'),
});

/** Accounts spec §2, §4: email verification and password reset pages, outside the shell. */
const verifyEmailPendingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/verify-email/pending',
  beforeLoad: ({ location, context }) => requireVerificationPending({ location, queryClient: context.queryClient }),
  component: lazyRouteComponent(() => import('./features/account-email/components/VerifyEmailPendingPage.tsx'), 'VerifyEmailPendingPage'),
});

/** The emailed verification link: `?token=…&email=…`, no sign-in needed. */
const verifyEmailLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/verify-email',
  validateSearch: (search: Record<string, unknown>): { token?: string; email?: string } => ({
    ...(typeof search.token === 'string' ? { token: search.token } : {}),
    ...(typeof search.email === 'string' ? { email: search.email } : {}),
  }),
  component: lazyRouteComponent(() => import('./features/account-email/components/VerifyEmailLinkPage.tsx'), 'VerifyEmailLinkPage'),
});

const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password-reset',
  component: lazyRouteComponent(() => import('./features/account-email/components/PasswordResetRequestPage.tsx'), 'PasswordResetRequestPage'),
});

const passwordResetSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password-reset/success',
  component: lazyRouteComponent(() => import('./features/account-email/components/PasswordResetSuccessPage.tsx'), 'PasswordResetSuccessPage'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/reset-password/$loginCode',
  component: lazyRouteComponent(() => import('./features/account-email/components/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
});

/** Everything behind sign-in, inside the header and sidebar. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: async ({ location, context }) => {
    requireSignedIn({ location });
    await requireVerifiedEmail({ queryClient: context.queryClient });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(whoamiQuery),
  // The shell (header, sidebar) is its own chunk: the sign-in page does not load it.
  component: lazyRouteComponent(() => import('./features/shell/components/AppLayout.tsx'), 'AppLayout'),
});

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
  component: lazyRouteComponent(() => import('./features/fleets/components/FleetListPage.tsx'), 'FleetListPage'),
});

/** `/fleets/$fleetId`: numeric id or back to /fleets with an error; an unknown fleet goes to /fleets. */
const fleetRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'fleets/$fleetId',
  beforeLoad: ({ params }) => requireNumericFleetId({ params }),
  loader: async ({ context }) => {
    // Imported on demand so the OData client stays out of the first screen's bundle.
    const { fleetQuery } = await import('./features/fleets/api/fleets.queries.ts');
    const fleet = await context.queryClient.ensureQueryData(fleetQuery(context.fleetId));
    if (!fleet) throw redirect({ to: '/fleets' });
  },
});

const fleetSummaryRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./features/fleets/components/FleetSummaryPage.tsx'), 'FleetSummaryPage'),
});

const fleetDevicesRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'devices',
  component: lazyRouteComponent(() => import('./features/devices/components/DeviceListPage.tsx'), 'DeviceListPage'),
});

/** `/devices/$uuid`: an unknown device goes home (fleets spec §2 Routing rules). */
const deviceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'devices/$uuid',
  loader: async ({ context, params }) => {
    const { deviceQuery } = await import('./features/devices/api/devices.queries.ts');
    const device = await context.queryClient.ensureQueryData(deviceQuery(params.uuid));
    if (!device) throw redirect({ to: '/' });
  },
});

/** The device index redirects to its summary (fleets spec §2 Route table). */
const deviceIndexRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/devices/$uuid/summary', params: { uuid: params.uuid } });
  },
});

const deviceSummaryRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: 'summary',
  component: lazyRouteComponent(() => import('./features/devices/components/DeviceSummaryPage.tsx'), 'DeviceSummaryPage'),
});

/** `/signup/profile` (accounts spec §4): the profile step after sign-up, inside the shell without sidebar. */
const signupProfileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'signup/profile',
  component: lazyRouteComponent(() => import('./features/profile/components/SignupProfilePage.tsx'), 'SignupProfilePage'),
});

/** `/preferences` with its tabs (accounts spec §2); the index redirects to details. */
const preferencesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'preferences',
  component: lazyRouteComponent(() => import('./features/preferences/components/PreferencesPage.tsx'), 'PreferencesPage'),
});

const preferencesIndexRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/preferences/details' });
  },
});

const preferencesDetailsRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'details',
  component: lazyRouteComponent(() => import('./features/preferences/tabs/DetailsTab.tsx'), 'DetailsTab'),
});

const preferencesSshKeysRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'sshkeys',
  component: lazyRouteComponent(() => import('./features/ssh-keys/components/SshKeysTab.tsx'), 'SshKeysTab'),
});

const preferencesAccessTokensRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'access-tokens',
  component: lazyRouteComponent(() => import('./features/access-tokens/components/AccessTokensTab.tsx'), 'AccessTokensTab'),
});

const preferencesProfileRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'profile',
  component: lazyRouteComponent(() => import('./features/preferences/tabs/ProfileTab.tsx'), 'ProfileTab'),
});

const preferencesTwoFactorRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: '2fa',
  component: lazyRouteComponent(() => import('./features/preferences/tabs/TwoFactorTab.tsx'), 'TwoFactorTab'),
});

const preferencesExperimentalRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'experimental',
  component: lazyRouteComponent(() => import('./features/preferences/tabs/ExperimentalTab.tsx'), 'ExperimentalTab'),
});

/**
 * Organizations (accounts spec §2): `/orgs` and everything under `/orgs/$orgId`. The org
 * loader sends a non-numeric id to /orgs with the invalid-id error, an unknown or unreachable
 * organization to /orgs, and applies the frozen-organization rule (organizationGuard).
 */
const orgsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'orgs',
  component: lazyRouteComponent(() => import('./features/organizations/components/OrganizationListPage.tsx'), 'OrganizationListPage'),
});

const orgRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'orgs/$orgId',
  beforeLoad: ({ params }) => ({ orgId: requireNumericParam(params.orgId, '/orgs') }),
  loader: async ({ context, location }) => {
    const { organizationGuard } = await import('./features/organizations/organization-guard.ts');
    await organizationGuard(context.queryClient, context.orgId, location.pathname);
  },
});

const orgSummaryRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./features/organizations/components/OrganizationSummaryPage.tsx'), 'OrganizationSummaryPage'),
});

/** `/orgs/$orgId/fleets|apps|blocks`: the organization's applications of one class. */
const orgApplicationsRoute = (path: 'fleets' | 'apps' | 'blocks') =>
  createRoute({
    getParentRoute: () => orgRoute,
    path,
    component: lazyRouteComponent(() => import('./features/organizations/components/OrganizationApplicationsPage.tsx'), 'OrganizationApplicationsPage'),
  });

const orgMembersRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'members',
  component: lazyRouteComponent(() => import('./features/members/components/MemberListPage.tsx'), 'MemberListPage'),
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
  component: lazyRouteComponent(() => import('./features/members/components/MemberSummaryPage.tsx'), 'MemberSummaryPage'),
});

const orgMemberSectionRoute = (path: 'teams' | 'fleets' | 'apps' | 'blocks') =>
  createRoute({
    getParentRoute: () => orgMemberRoute,
    path,
    component: lazyRouteComponent(() => import('./features/members/components/MemberSectionPage.tsx'), 'MemberSectionPage'),
  });

const orgTeamsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'teams',
  component: lazyRouteComponent(() => import('./features/teams/components/TeamListPage.tsx'), 'TeamListPage'),
});

const orgTeamRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'teams/$teamId',
  beforeLoad: ({ params }) => ({ teamId: requireNumericParam(params.teamId, `/orgs/${params.orgId}/teams`) }),
});

const orgTeamSummaryRoute = createRoute({
  getParentRoute: () => orgTeamRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./features/teams/components/TeamSummaryPage.tsx'), 'TeamSummaryPage'),
});

const orgTeamSectionRoute = (path: 'members' | 'fleets' | 'apps' | 'blocks') =>
  createRoute({
    getParentRoute: () => orgTeamRoute,
    path,
    component: lazyRouteComponent(() => import('./features/teams/components/TeamSectionPage.tsx'), 'TeamSectionPage'),
  });

/** `/organization/invitation/$token`: accept an organization invite, then /orgs (accounts spec §2). */
const orgInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'organization/invitation/$token',
  component: lazyRouteComponent(() => import('./features/invitations/components/AcceptInvitationPage.tsx'), 'AcceptInvitationPage'),
});

export const routeTree = rootRoute.addChildren([
  loginRoute,
  loginTwoFactorRoute,
  signupRoute,
  verifyEmailPendingRoute,
  verifyEmailLinkRoute,
  passwordResetRoute,
  passwordResetSuccessRoute,
  resetPasswordRoute,
  orgInvitationRoute,
  appRoute.addChildren([
    indexRoute,
    fleetsRoute,
    fleetRoute.addChildren([fleetSummaryRoute, fleetDevicesRoute]),
    deviceRoute.addChildren([deviceIndexRoute, deviceSummaryRoute]),
    signupProfileRoute,
    orgsRoute,
    orgRoute.addChildren([
      orgSummaryRoute,
      orgApplicationsRoute('fleets'),
      orgApplicationsRoute('apps'),
      orgApplicationsRoute('blocks'),
      orgMembersRoute,
      orgMemberRoute.addChildren([
        orgMemberSummaryRoute,
        orgMemberSectionRoute('teams'),
        orgMemberSectionRoute('fleets'),
        orgMemberSectionRoute('apps'),
        orgMemberSectionRoute('blocks'),
      ]),
      orgTeamsRoute,
      orgTeamRoute.addChildren([
        orgTeamSummaryRoute,
        orgTeamSectionRoute('members'),
        orgTeamSectionRoute('fleets'),
        orgTeamSectionRoute('apps'),
        orgTeamSectionRoute('blocks'),
      ]),
    ]),
    preferencesRoute.addChildren([
      preferencesIndexRoute,
      preferencesDetailsRoute,
      preferencesSshKeysRoute,
      preferencesAccessTokensRoute,
      preferencesProfileRoute,
      preferencesTwoFactorRoute,
      preferencesExperimentalRoute,
    ]),
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Queries own caching; the router always asks them (they dedupe and poll).
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoading,
    defaultErrorComponent: PageError,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
