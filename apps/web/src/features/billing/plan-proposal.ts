import type { BillingCycle } from '@flotilla/core/billing/prices';
import type { BillingSearch } from './billing-search.ts';

/** The plan change a search asks to propose (`plan`/`cycle`, else the resumed `then-propose-…`), or null. */
export function proposedPlanChange(search: BillingSearch): { tier: string; cycle: BillingCycle | undefined } | null {
  if (search.plan) return { tier: search.plan, cycle: search.cycle };
  if (search['then-propose-plan-tier']) return { tier: search['then-propose-plan-tier'], cycle: search['then-propose-plan-cycle'] };
  return null;
}

/**
 * The return URL of a payment setup (accounts spec §4): the billing page with the setup intent
 * and, when a plan change waits for the payment method, the plan to propose after it.
 */
export function setupReturnPath(orgId: number, setupIntentId: string, then?: { tier: string; cycle: BillingCycle }): string {
  const params = new URLSearchParams({ 'setup-intent': setupIntentId });
  if (then) {
    params.set('then-propose-plan-tier', then.tier);
    params.set('then-propose-plan-cycle', then.cycle);
  }
  return `/orgs/${orgId}/billing?${params.toString()}`;
}
