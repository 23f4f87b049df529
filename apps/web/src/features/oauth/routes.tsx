import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn, requireVerifiedEmail } from '../../lib/guards.ts';
import { rootRoute } from '../../routes/root.tsx';

export interface OAuthAuthorizeSearch {
  state?: string;
}

/** `?state=…` is the application's own value, handed back to it untouched (RFC 6749 §4.1.1). */
export function validateOAuthSearch(search: Record<string, unknown>): OAuthAuthorizeSearch {
  return { state: typeof search.state === 'string' && search.state !== '' ? search.state : undefined };
}

/**
 * `/login/oauth/{clientId}?state=…` (accounts spec §2): the consent page an OAuth application
 * sends its users to. Like `/login/cli/*`, outside the shell: a signed-out user goes through
 * sign-in and comes back, an unverified one to the pending page.
 */
const oauthAuthorizeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login/oauth/$clientId',
  validateSearch: validateOAuthSearch,
  beforeLoad: ({ location }) => requireSignedIn({ location }),
  loader: ({ context }) => requireVerifiedEmail({ queryClient: context.queryClient }),
  component: lazyRouteComponent(() => import('./components/OAuthAuthorizePage.tsx'), 'OAuthAuthorizePage'),
});

/** Children of the root route. */
export const oauthRoutes = [oauthAuthorizeRoute] as const;
