import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { preferencesRoute } from '../preferences/routes.tsx';

const preferencesAccessTokensRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'access-tokens',
  component: lazyRouteComponent(() => import('./components/AccessTokensTab.tsx'), 'AccessTokensTab'),
});

/** Children of `preferencesRoute` (`/preferences`). */
export const accessTokensRoutes = [preferencesAccessTokensRoute] as const;
