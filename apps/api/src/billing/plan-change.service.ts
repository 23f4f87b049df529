import type { BillingPlanInfo, ChangePlanBody } from '@flotilla/core/schemas/billing';
import { canMoveToFree, classifyPlanChange, type PlanPosition } from '@flotilla/core/billing/plan-change';
import { FREE_PLAN_CODE, intervalLengthOfCycle, priceForCycle, type BillingCycle } from '@flotilla/core/billing/prices';
import type { Db } from '../db/database.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import type { PaymentProvider } from './payment/provider.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';
import { addMonths } from './periods.ts';
import { currentPlan, getPlanInfo } from './plan-info.ts';
import { countDevices, findBillingInfo, findPlanByCode, lockOrganization, replaceActiveSubscription, type PlanRow } from './billing.repository.ts';
import { chargeClaimedInvoice, insertClaimedInvoice, resumeInterruptedCharges, type ChargingInvoice } from './invoice-charge.ts';
import { withOrgBillingLock } from './org-billing-lock.ts';

/**
 * PATCH /plan (accounts §4 "Plan change"): classified by core/billing/plan-change.ts; changes are
 * immediate. A paid target is charged for its first period through the payment provider before
 * the subscription changes; a declined charge leaves a failed invoice and the plan as it was
 * (402). Changes of one organization run one after the other under its billing lock
 * (org-billing-lock.ts), so the second sees the first's plan and exactly one subscription stays
 * active. The charge is never inside a transaction: the invoice is committed `processing` with
 * the plan it buys, the provider is called, and the outcome (paid → the new subscription) is
 * recorded after; a change interrupted between the two is finished, with the same idempotency
 * key, by the next holder of the lock (invoice-charge.ts) before anything else is charged.
 */
const position = (plan: PlanRow, cycle: BillingCycle): PlanPosition => ({
  billing_code: plan.billing_code,
  cycle,
  can_self_serve: plan.can_self_serve,
  tier_order: plan.tier_order,
  annual_price: plan.annual_price,
});

function isSelectable(plan: PlanRow, now: Date): boolean {
  if (plan.is_legacy) return false;
  if (plan.is_valid_from__date && new Date(plan.is_valid_from__date) > now) return false;
  if (plan.is_valid_until__date && new Date(plan.is_valid_until__date) <= now) return false;
  return true;
}

type Step = { kind: 'unchanged' | 'changed' } | { kind: 'charge'; invoice: ChargingInvoice };

export async function changePlan(db: Db, provider: PaymentProvider, organizationId: number, body: ChangePlanBody, now = new Date()): Promise<BillingPlanInfo> {
  const target = await findPlanByCode(db, body.tier);
  if (!target || !isSelectable(target, now)) throw badRequest(BILLING_MESSAGES.unknownPlan, 'unknown_plan');
  // Cancelling moves to free, monthly (accounts §4): free has no annual cycle.
  const cycle: BillingCycle = target.billing_code === FREE_PLAN_CODE ? 'monthly' : body.cycle;
  const reason = body.planChangeReason?.trim() || null;

  const outcome = await withOrgBillingLock(db, organizationId, async (conn) => {
    await resumeInterruptedCharges(conn, provider, organizationId, now);
    const step = await conn.transaction().execute(async (tx): Promise<Step> => {
      await lockOrganization(tx, organizationId);
      const current = await currentPlan(tx, organizationId);
      const kind = classifyPlanChange(position(current.plan, current.cycle), position(target, cycle));
      if (kind === 'no-change') return { kind: 'unchanged' };
      if (kind === 'contact-sales') throw conflict(BILLING_MESSAGES.contactSales, 'contact_sales');
      if (target.billing_code === FREE_PLAN_CODE) {
        const devices = await countDevices(tx, organizationId);
        if (!canMoveToFree({ deviceCount: devices.active, frozenFreeDevices: devices.frozen, freeAllowance: target.included_devices })) {
          throw conflict(BILLING_MESSAGES.tooManyDevicesForFree, 'contact_sales');
        }
      }
      const price = priceForCycle(target, cycle);
      if (price <= 0) {
        await replaceActiveSubscription(tx, organizationId, { planId: target.id, cycle, reason, periodEnd: null });
        return { kind: 'changed' };
      }
      const method = await findBillingInfo(tx, organizationId);
      if (!method?.token_id) throw conflict(BILLING_MESSAGES.paymentMethodRequired, 'payment_method_required');
      const description = `${target.title} plan (${cycle})`;
      const invoice = await insertClaimedInvoice(tx, {
        organizationId,
        state: 'processing',
        description,
        totalCents: price,
        periodStart: now,
        periodEnd: addMonths(now, intervalLengthOfCycle(cycle)),
        failureMessage: null,
        lines: [{ description, featureSlug: null, quantity: 1, unitCents: price }],
        attemptCount: 1,
        lastAttemptAt: now,
        paymentMethodToken: method.token_id,
        planChange: { planId: target.id, cycle, reason },
      });
      return { kind: 'charge', invoice };
    });
    if (step.kind !== 'charge') return step;
    // Committed: the charge runs outside the transaction; paid → the subscription changes.
    const charged = await chargeClaimedInvoice(conn, provider, step.invoice, now);
    return charged.ok ? ({ kind: 'changed' } as const) : ({ kind: 'declined', message: charged.message } as const);
  });
  // The failed invoice is committed (it is the record of the attempt); the plan is unchanged.
  if (outcome.kind === 'declined') throw new AppError(402, outcome.message, 'payment_failed');
  return getPlanInfo(db, organizationId, now);
}
