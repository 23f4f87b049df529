import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { parseCliLoginCallback } from '@flotilla/core/cli-login';
import { redirectIfSignedIn, requireSignedIn, requireVerifiedEmail, validateLoginSearch } from '../../lib/guards.ts';
import { rootRoute } from '../../routes/root.tsx';

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => redirectIfSignedIn({ search }),
  component: lazyRouteComponent(() => import('./components/LoginPage.tsx'), 'LoginPage'),
});

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signup',
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => redirectIfSignedIn({ search }),
  component: lazyRouteComponent(() => import('./components/SignupPage.tsx'), 'SignupPage'),
});

/**
 * `/login/cli/*`, where `balena login --web` sends the user (accounts spec §2, compat §3.8): a
 * callback off this machine goes to `/` (core/cli-login.ts), a signed-out user through sign-in
 * and back, an unverified one to the pending page, like every signed-in page.
 */
const cliLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login/cli/$',
  beforeLoad: ({ params, location }) => {
    if (!parseCliLoginCallback(params._splat ?? '')) throw redirect({ to: '/' });
    requireSignedIn({ location });
  },
  loader: ({ context }) => requireVerifiedEmail({ queryClient: context.queryClient }),
  component: lazyRouteComponent(() => import('./components/CliLoginPage.tsx'), 'CliLoginPage'),
});

/**
 * `/auth/{provider}/callback`, where GitHub or Google send the browser back (accounts spec §2:
 * needs no token). The same path answers the page's fetch with the session token
 * (apps/api/src/social-sign-in/).
 */
const socialCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/$provider/callback',
  component: lazyRouteComponent(() => import('./components/SocialCallbackPage.tsx'), 'SocialCallbackPage'),
});

/** Sign-in, sign-up, the CLI's sign-in and social sign-in's return, outside the shell (children of the root route). */
export const authRoutes = [loginRoute, signupRoute, cliLoginRoute, socialCallbackRoute] as const;
