import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { redirectIfSignedIn, validateLoginSearch } from '../../lib/guards.ts';
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

/** Sign-in and sign-up, outside the shell (children of the root route). */
export const authRoutes = [loginRoute, signupRoute] as const;
