import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { redirectIfSignedIn, requireSignedIn, validateLoginSearch } from '../../lib/guards.ts';
import { rootRoute } from '../../routes/root.tsx';

/** `/saml`: enter the SSO identifier (accounts spec §2), a signed-out page. */
const samlStartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'saml',
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => redirectIfSignedIn({ search }),
  component: lazyRouteComponent(() => import('./components/SamlStartPage.tsx'), 'SamlStartPage'),
});

/** `/saml/{ssoIdentifier}`: off to the API's start route, which redirects to the identity provider. */
const samlRedirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'saml/$ssoIdentifier',
  component: lazyRouteComponent(() => import('./components/SamlRedirectPage.tsx'), 'SamlRedirectPage'),
});

/** `/saml/callback/signon?code=…`: needs no token (accounts spec §2). */
const samlSignonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'saml/callback/signon',
  component: lazyRouteComponent(() => import('./components/SamlSignonPage.tsx'), 'SamlSignonPage'),
});

/** `/saml/callback/merge?code=…&shouldMergeWith=…`: the owner of the existing account signs in first, then consents. */
const samlMergeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'saml/callback/merge',
  beforeLoad: ({ location }) => requireSignedIn({ location }),
  component: lazyRouteComponent(() => import('./components/SamlMergePage.tsx'), 'SamlMergePage'),
});

/** SAML single sign-on's signed-out pages, outside the shell (children of the root route). */
export const samlRoutes = [samlStartRoute, samlRedirectRoute, samlSignonRoute, samlMergeRoute] as const;
