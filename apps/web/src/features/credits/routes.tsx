import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../organizations/routes.tsx';

/**
 * `/orgs/$orgId/credits` (accounts spec §2 Credits page): the organization's prepaid credits.
 * The page is its own chunk, with its words (credits-catalog.ts), so no first load pays for it.
 */
const orgCreditsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'credits',
  component: lazyRouteComponent(() => import('./components/CreditsPage.tsx'), 'CreditsPage'),
});

/** Children of `orgRoute` (`/orgs/$orgId`). */
export const creditsRoutes = [orgCreditsRoute] as const;
