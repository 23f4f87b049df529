import { canMoveToFree, classifyPlanChange, isFreePlan, type FreeMoveFacts, type PlanChangeKind, type PlanPosition } from '@flotilla/core/billing/plan-change';
import { FREE_DEVICE_ALLOWANCE, monthlyOfAnnual, priceForCycle, type BillingCycle } from '@flotilla/core/billing/prices';
import type { BillingPlanInfo, BillingPlanListItem } from '@flotilla/core/schemas/billing';

/**
 * What the available plans section offers for each plan (accounts spec §4 "Plan change"), from
 * @flotilla/core's classification: the current plan, contact sales, upgrade, downgrade or a
 * cycle change; moving to free becomes contact sales when frozen devices exist or the devices
 * exceed the free allowance. Free has one cycle: monthly (§4 "Cancelling … moves to free, monthly").
 */

type PlanLike = Pick<BillingPlanListItem, 'billing_code' | 'can_self_serve' | 'tier_order' | 'annual_price'>;

const position = (plan: PlanLike, cycle: BillingCycle): PlanPosition => ({
  billing_code: plan.billing_code,
  cycle,
  can_self_serve: plan.can_self_serve,
  tier_order: plan.tier_order,
  annual_price: plan.annual_price,
});

/** The cycle a target is taken on: the chosen one, monthly for free. */
export function targetCycle(target: Pick<BillingPlanListItem, 'billing_code'>, chosen: BillingCycle): BillingCycle {
  return isFreePlan(target.billing_code) ? 'monthly' : chosen;
}

/**
 * The change to `target` on `chosen` cycle. `devices` are the organization's active and frozen
 * devices, null while unknown (the server refuses a move to free it cannot take, and says so).
 */
export function planChangeKind(
  current: BillingPlanInfo,
  target: BillingPlanListItem,
  chosen: BillingCycle,
  devices: { deviceCount: number; frozenDevices: number } | null,
  freeAllowance: number = FREE_DEVICE_ALLOWANCE,
): PlanChangeKind {
  const kind = classifyPlanChange(position(current, current.cycle), position(target, targetCycle(target, chosen)));
  if (kind === 'no-change' || kind === 'contact-sales' || !isFreePlan(target.billing_code) || devices === null) return kind;
  const facts: FreeMoveFacts = { deviceCount: devices.deviceCount, frozenFreeDevices: devices.frozenDevices, freeAllowance };
  return canMoveToFree(facts) ? kind : 'contact-sales';
}

/** The price per month shown for a plan (accounts spec §9: an annual price shows as annual / 12). */
export function displayedMonthlyPrice(plan: Pick<BillingPlanListItem, 'monthly_price' | 'annual_price'>, cycle: BillingCycle): number {
  return cycle === 'annual' ? monthlyOfAnnual(plan.annual_price) : plan.monthly_price;
}

/** What one period of the target costs: what "Pay now" pays. */
export function targetPrice(plan: Pick<BillingPlanListItem, 'monthly_price' | 'annual_price'>, cycle: BillingCycle): number {
  return priceForCycle(plan, cycle);
}
