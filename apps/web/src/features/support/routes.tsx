import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn, requireVerifiedEmail } from '../../lib/guards.ts';
import { rootRoute } from '../../routes/root.tsx';

export interface SupportPortalLoginSearch {
  return_to?: string;
}

/** `?return_to=…` is passed to the API as sent; the server checks it is on the portal (else 400). */
export function validateSupportPortalLoginSearch(search: Record<string, unknown>): SupportPortalLoginSearch {
  return { return_to: typeof search.return_to === 'string' && search.return_to !== '' ? search.return_to : undefined };
}

/**
 * `/zendesk-login?return_to=…` (accounts spec §2): where the support portal sends a visitor to
 * be signed in. Like `/login/oauth/*`, outside the shell: a signed-out user goes through sign-in
 * and comes back here, an unverified one (when verification is required) to the pending page.
 */
const supportPortalLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'zendesk-login',
  validateSearch: validateSupportPortalLoginSearch,
  beforeLoad: ({ location }) => requireSignedIn({ location }),
  loader: ({ context }) => requireVerifiedEmail({ queryClient: context.queryClient }),
  component: lazyRouteComponent(() => import('./components/SupportPortalLoginPage.tsx'), 'SupportPortalLoginPage'),
});

/** Children of the root route. */
export const supportRoutes = [supportPortalLoginRoute] as const;
