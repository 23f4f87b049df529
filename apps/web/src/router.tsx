import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { PageError } from './components/PageError.tsx';
import { PageLoading } from './components/PageLoading.tsx';
import { accessTokensRoutes } from './features/access-tokens/routes.tsx';
import { accountEmailRoutes } from './features/account-email/routes.tsx';
import { authRoutes } from './features/auth/routes.tsx';
import { billingRoutes } from './features/billing/routes.tsx';
import { creditsRoutes } from './features/credits/routes.tsx';
import { deviceConfigRoutes, fleetConfigRoutes } from './features/configuration/routes.tsx';
import { deployRoutes } from './features/deploy/routes.tsx';
import { fleetLogRoutes } from './features/device-logs/routes.tsx';
import { devicePageRoutes, deviceRoute, fleetDeviceRoutes } from './features/devices/routes.tsx';
import { fleetMemberRoutes } from './features/fleet-members/routes.tsx';
import { fleetTeamRoutes } from './features/fleet-teams/routes.tsx';
import { fleetSettingsRoutes } from './features/fleet-settings/routes.tsx';
import { fleetPageRoutes, fleetRoute, fleetRoutes } from './features/fleets/routes.tsx';
import { identityProviderRoutes } from './features/identity-providers/routes.tsx';
import { invitationRoutes } from './features/invitations/routes.tsx';
import { oauthRoutes } from './features/oauth/routes.tsx';
import { memberRoutes } from './features/members/routes.tsx';
import { organizationPageRoutes, organizationRoutes, orgRoute } from './features/organizations/routes.tsx';
import { preferencesRoute, preferencesTabRoutes } from './features/preferences/routes.tsx';
import { profileRoutes } from './features/profile/routes.tsx';
import { provisioningKeyRoutes } from './features/provisioning-keys/routes.tsx';
import { releaseDetailRoutes } from './features/release-detail/routes.tsx';
import { samlRoutes } from './features/saml/routes.tsx';
import { fleetReleaseRoutes } from './features/releases/routes.tsx';
import { sshKeysRoutes } from './features/ssh-keys/routes.tsx';
import { supportRoutes } from './features/support/routes.tsx';
import { teamRoutes } from './features/teams/routes.tsx';
import { twoFactorRoutes } from './features/two-factor/routes.tsx';
import { deviceVariableRoutes, fleetVariableRoutes } from './features/variables/routes.tsx';
import { appRoute } from './routes/app-layout.tsx';
import { rootRoute } from './routes/root.tsx';

/**
 * The route table (fleets spec §2, accounts spec §2), code-based. Each feature defines its
 * routes in `features/<f>/routes.tsx` (paths, guards in `beforeLoad`, loaders, lazy route
 * components, so the first screen loads only the shell) under a parent it imports: the root
 * route (`routes/root.tsx`), the signed-in layout (`routes/app-layout.tsx`) or a route another
 * feature exports (`/fleets/$fleetId`, `/orgs/$orgId`, `/preferences`). This file only composes
 * them; router.test.ts keeps route definitions out of it.
 */

export type { RouterContext } from './routes/root.tsx';

export const routeTree = rootRoute.addChildren([
  ...authRoutes,
  ...samlRoutes,
  ...oauthRoutes,
  ...supportRoutes,
  ...twoFactorRoutes,
  ...accountEmailRoutes,
  ...invitationRoutes,
  appRoute.addChildren([
    ...deployRoutes,
    ...fleetRoutes,
    fleetRoute.addChildren([...fleetPageRoutes, ...fleetDeviceRoutes, ...fleetReleaseRoutes, ...releaseDetailRoutes, ...fleetMemberRoutes, ...fleetTeamRoutes, ...provisioningKeyRoutes, ...fleetSettingsRoutes, ...fleetLogRoutes, ...fleetVariableRoutes, ...fleetConfigRoutes]),
    deviceRoute.addChildren([...devicePageRoutes, ...deviceVariableRoutes, ...deviceConfigRoutes]),
    ...profileRoutes,
    ...identityProviderRoutes,
    ...organizationRoutes,
    orgRoute.addChildren([...organizationPageRoutes, ...memberRoutes, ...teamRoutes, ...billingRoutes, ...creditsRoutes]),
    preferencesRoute.addChildren([...preferencesTabRoutes, ...sshKeysRoutes, ...accessTokensRoutes]),
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
