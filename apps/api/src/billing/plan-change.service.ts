import type { BillingPlanInfo, ChangePlanBody } from '@flotilla/core/schemas/billing';
import { canMoveToFree, classifyPlanChange, type PlanPosition } from '@flotilla/core/billing/plan-change';
import { FREE_PLAN_CODE, intervalLengthOfCycle, priceForCycle, type BillingCycle } from '@flotilla/core/billing/prices';
import type { Db } from '../db/database.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import type { PaymentProvider } from './payment/provider.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';
import { addMonths } from './periods.ts';
import { currentPlan, getPlanInfo } from './plan-info.ts';
import { countDevices, findBillingInfo, findPlanByCode, insertInvoice, lockOrganization, replaceActiveSubscription, setInvoiceOutcome, type PlanRow } from './billing.repository.ts';

/**
 * PATCH /plan (accounts §4 "Plan change"): classified by core/billing/plan-change.ts; changes are
 * immediate. A paid target is charged for its first period through the payment provider before
 * the subscription changes; a declined charge leaves a failed invoice and the plan as it was
 * (402). The organization's row is locked for the whole change, so concurrent changes run one
 * after the other and leave exactly one active subscription (the second sees the first's plan).
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

type Outcome = { kind: 'changed' | 'unchanged' } | { kind: 'declined'; message: string };

export async function changePlan(db: Db, provider: PaymentProvider, organizationId: number, body: ChangePlanBody, now = new Date()): Promise<BillingPlanInfo> {
  const target = await findPlanByCode(db, body.tier);
  if (!target || !isSelectable(target, now)) throw badRequest(BILLING_MESSAGES.unknownPlan, 'unknown_plan');
  // Cancelling moves to free, monthly (accounts §4): free has no annual cycle.
  const cycle: BillingCycle = target.billing_code === FREE_PLAN_CODE ? 'monthly' : body.cycle;

  const outcome = await db.transaction().execute(async (tx): Promise<Outcome> => {
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
    if (price > 0) {
      const method = await findBillingInfo(tx, organizationId);
      if (!method?.token_id) throw conflict(BILLING_MESSAGES.paymentMethodRequired, 'payment_method_required');
      const description = `${target.title} plan (${cycle})`;
      const invoice = await insertInvoice(tx, {
        organizationId,
        state: 'processing',
        description,
        totalCents: price,
        periodStart: now,
        periodEnd: addMonths(now, intervalLengthOfCycle(cycle)),
        failureMessage: null,
        lines: [{ description, featureSlug: null, quantity: 1, unitCents: price }],
      });
      const charge = await provider.charge(tx, { organizationId, paymentMethodToken: method.token_id, amountCents: price, currency: 'usd', description, idempotencyKey: invoice.invoice_number });
      if (!charge.ok) {
        await setInvoiceOutcome(tx, invoice.id, { state: 'failed', message: charge.message });
        return { kind: 'declined', message: charge.message };
      }
      await setInvoiceOutcome(tx, invoice.id, { state: 'paid' });
    }
    await replaceActiveSubscription(tx, organizationId, { planId: target.id, cycle, reason: body.planChangeReason?.trim() || null });
    return { kind: 'changed' };
  });
  // The failed invoice is committed (it is the record of the attempt); the plan is unchanged.
  if (outcome.kind === 'declined') throw new AppError(402, outcome.message, 'payment_failed');
  return getPlanInfo(db, organizationId, now);
}
