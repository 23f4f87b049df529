import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireTwoFactorPending, validateLoginSearch } from '../../lib/guards.ts';
import { rootRoute } from '../../routes/root.tsx';

/** Accounts spec §2: the second sign-in step, only while the second factor is pending. */
const loginTwoFactorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login/two-factor',
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => requireTwoFactorPending({ search }),
  component: lazyRouteComponent(() => import('./components/TwoFactorLoginPage.tsx'), 'TwoFactorLoginPage'),
});

/** Children of the root route (outside the shell). */
export const twoFactorRoutes = [loginTwoFactorRoute] as const;
