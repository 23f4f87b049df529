import type { BillingPlanInfo, BillingPlanListItem, BillingUsageResponse } from '@flotilla/core/schemas/billing';
import { CUSTOM_PLAN_CODE, FREE_PLAN_CODE, intervalLengthOfCycle, priceForCycle, type BillingCycle } from '@flotilla/core/billing/prices';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { computeUsage, periodCreditConsumption } from './usage.ts';
import { currentPeriodStart, nextPeriodStart } from './periods.ts';
import { recordAndReadPeaks } from './usage-peaks.ts';
import {
  findActiveSubscription,
  findPlanByCode,
  findPlanById,
  findPlanSupportTier,
  findSupportTier,
  listPlanAddOns,
  listPlanFeatures,
  listSelectablePlans,
  type PlanRow,
} from './billing.repository.ts';

/** The organization's plan now: its active subscription, or free, monthly, when it has none (contract "GET /plan"). */
export interface CurrentPlan {
  plan: PlanRow;
  cycle: BillingCycle;
  subscriptionId: number | null;
  startsOn: Date | null;
  discountPercentage: number;
}

export async function currentPlan(db: Db, organizationId: number): Promise<CurrentPlan> {
  const sub = await findActiveSubscription(db, organizationId);
  if (sub) {
    return {
      plan: await findPlanById(db, sub.plan_id),
      cycle: sub.billing_cycle === 'annual' ? 'annual' : 'monthly',
      subscriptionId: sub.subscription_id,
      startsOn: new Date(sub.starts_on__date),
      discountPercentage: sub.discount_percentage,
    };
  }
  const free = await findPlanByCode(db, FREE_PLAN_CODE);
  if (!free) throw new AppError(500, 'The free plan is missing from the plan catalogue');
  return { plan: free, cycle: 'monthly', subscriptionId: null, startsOn: null, discountPercentage: 0 };
}

const COMMUNITY = { slug: 'community', title: 'Community support', includes_private_support: false, includes__SLA: false };

export async function planSupportOf(db: Db, planId: number) {
  return (await findPlanSupportTier(db, planId)) ?? (await findSupportTier(db, 'community')) ?? COMMUNITY;
}

export async function getPlanInfo(db: Db, organizationId: number, now = new Date()): Promise<BillingPlanInfo> {
  const current = await currentPlan(db, organizationId);
  const { plan, cycle } = current;
  const [support, addOns] = await Promise.all([planSupportOf(db, plan.id), listPlanAddOns(db, plan.id, current.subscriptionId)]);
  let nextBill: BillingPlanInfo['nextBill'] = null;
  if (plan.billing_code !== FREE_PLAN_CODE) {
    const usage = await computeUsage(db, organizationId, plan, current.discountPercentage);
    const base = Math.round((priceForCycle(plan, cycle) * (100 - current.discountPercentage)) / 100);
    const date = nextPeriodStart(current.startsOn ?? now, intervalLengthOfCycle(cycle), now);
    nextBill = { date: date.toISOString(), totalCents: base + usage.charges.reduce((sum, c) => sum + c.totalCents, 0) };
  }
  return {
    title: plan.title,
    billing_code: plan.billing_code,
    tier_order: plan.tier_order,
    can_self_serve: plan.can_self_serve,
    is_custom: plan.billing_code === CUSTOM_PLAN_CODE,
    cycle,
    intervalUnit: 'month',
    intervalLength: intervalLengthOfCycle(cycle),
    monthly_price: plan.monthly_price,
    annual_price: plan.annual_price,
    included_devices: plan.included_devices,
    supports_credits: plan.supports_credits,
    starts_on: current.startsOn ? current.startsOn.toISOString() : null,
    discount_percentage: current.discountPercentage,
    support: { slug: support.slug, title: support.title, includes_private_support: support.includes_private_support, includes_SLA: support.includes__SLA },
    addOns: addOns.map((a) => ({ ...a, quantity: Number(a.quantity) })),
    nextBill,
  };
}

export async function listPlans(db: Db): Promise<BillingPlanListItem[]> {
  const plans = await listSelectablePlans(db);
  const features = await listPlanFeatures(
    db,
    plans.map((p) => p.id),
  );
  return plans.map((p) => ({
    title: p.title,
    billing_code: p.billing_code,
    tier_order: p.tier_order,
    can_self_serve: p.can_self_serve,
    is_legacy: p.is_legacy,
    monthly_price: p.monthly_price,
    annual_price: p.annual_price,
    included_devices: p.included_devices,
    supports_credits: p.supports_credits,
    features: features.filter((f) => f.plan === p.id).map((f) => ({ slug: f.slug, title: f.title, quantity: f.quantity })),
  }));
}

/** GET /can-access-support: the plan's support tier includes private support. */
export async function canAccessSupport(db: Db, organizationId: number): Promise<boolean> {
  const { plan } = await currentPlan(db, organizationId);
  return (await planSupportOf(db, plan.id)).includes_private_support;
}

export async function getUsage(db: Db, organizationId: number, now = new Date()): Promise<BillingUsageResponse> {
  const current = await currentPlan(db, organizationId);
  const [usage, creditConsumption] = await Promise.all([computeUsage(db, organizationId, current.plan, current.discountPercentage), periodCreditConsumption(db, organizationId, now)]);
  // Without a subscription (the free plan) the period is the calendar month.
  const periodStart = current.startsOn ? currentPeriodStart(current.startsOn, intervalLengthOfCycle(current.cycle), now) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const peakUsage = await recordAndReadPeaks(db, organizationId, usage.currentUsage, periodStart, now);
  return { ...usage, peakUsage, creditConsumption };
}
