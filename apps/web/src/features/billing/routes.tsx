import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../organizations/routes.tsx';
import { validateBillingSearch } from './billing-search.ts';

/**
 * `/orgs/$orgId/billing` (accounts spec §2 Billing page): the organization's plan, usage,
 * company info, payment method, invoices and plans. Its query parameters (billing-search.ts)
 * preselect a plan change or resume a payment setup. The page is its own chunk, with its
 * words (billing-catalog.ts); the organization guard (`orgRoute`) lets a frozen organization's
 * billing users reach it, and only it.
 */
const orgBillingRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'billing',
  validateSearch: (search: Record<string, unknown>) => validateBillingSearch(search),
  component: lazyRouteComponent(() => import('./components/BillingPage.tsx'), 'BillingPage'),
});

/** Children of `orgRoute` (`/orgs/$orgId`). */
export const billingRoutes = [orgBillingRoute] as const;
