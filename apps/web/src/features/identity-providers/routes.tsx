import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { pageRouteStates } from '../../components/page-route-states.tsx';
import { requireNumericParam } from '../../lib/guards.ts';
import { appRoute } from '../../routes/app-layout.tsx';

/**
 * Accounts spec §2: the identity provider pages need the SAML feature, else the not-found page.
 * A failed check is the route's error with Retry (pageRouteStates), never "not found".
 */
async function requireSamlFeature({ context }: { context: { queryClient: QueryClient } }): Promise<void> {
  // Imported here, not at the top: this file is in the entry chunk (the sign-in page's first load).
  const [{ samlAccessQuery }, { clientConfigQuery }, { isSamlFeatureOn }] = await Promise.all([
    import('./api/saml-access.queries.ts'),
    import('../profile/api/client-config.queries.ts'),
    import('./saml-feature.ts'),
  ]);
  const [access, config] = await Promise.all([context.queryClient.ensureQueryData(samlAccessQuery), context.queryClient.ensureQueryData(clientConfigQuery)]);
  if (!isSamlFeatureOn(access, config.socialProviders)) throw notFound();
}

/** `/identity-provider`: goes to the user's provider, or offers to add one (empty state). */
const identityProviderListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'identity-provider',
  loader: requireSamlFeature,
  ...pageRouteStates,
  component: lazyRouteComponent(() => import('./components/IdentityProviderListPage.tsx'), 'IdentityProviderListPage'),
});

/** `/identity-provider/{id}`: a non-numeric id shows errors.invalid_id_passed_in_url and goes back to the list. */
const identityProviderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'identity-provider/$identityProviderId',
  beforeLoad: ({ params }) => ({ identityProviderId: requireNumericParam(params.identityProviderId, '/identity-provider') }),
  loader: requireSamlFeature,
  ...pageRouteStates,
  component: lazyRouteComponent(() => import('./components/IdentityProviderPage.tsx'), 'IdentityProviderPage'),
});

/** Children of the signed-in layout (`_app`). */
export const identityProviderRoutes = [identityProviderListRoute, identityProviderRoute] as const;
