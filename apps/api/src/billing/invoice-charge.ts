import { sql } from 'kysely';
import { freezeCutoff } from '@flotilla/core/billing/past-due';
import type { Db } from '../db/database.ts';
import type { ChargeResult, PaymentProvider } from './payment/provider.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';
import { insertInvoice, lockOrganization, replaceActiveSubscription, type NewInvoice, type PlanChangeTarget } from './billing.repository.ts';
import { setBundleOutcome } from './credits.repository.ts';

/**
 * Charging an invoice without ever charging it twice (renewals, past-due retries, plan changes).
 * The caller holds the organization's billing lock (org-billing-lock.ts) and has committed the
 * invoice as `processing` with its attempt number; only then is the provider called, outside any
 * transaction, with the idempotency key of that attempt (the invoice number, `-r<n>` for the
 * n-th attempt), and the outcome is recorded in a short transaction. If the process dies or the
 * provider cannot be reached in between, the invoice stays `processing` and the next holder of
 * the lock sends the same charge again with the same key: the provider answers the first
 * outcome instead of charging again (Stripe's idempotency keys; the local processor's
 * local_payment_charge table).
 */

/** An invoice being charged (the columns the charge and its outcome need). */
export interface ChargingInvoice {
  id: number;
  invoice_number: string;
  organization: number;
  total_in_cents: number;
  description: string | null;
  attempt_count: number;
  subscription: number | null;
  period_start: Date | string | null;
  period_end: Date | string | null;
  due_on: Date | string | null;
  plan_change: unknown;
  /** The method this attempt charges, fixed when the attempt was claimed (null: none on file). */
  payment_method_token: string | null;
  /** A credit purchase's bundle (credits.service.ts), settled with the invoice. */
  credit_bundle: number | null;
}

export const CHARGING_COLUMNS = [
  'id',
  'invoice_number',
  'organization',
  'total_in_cents',
  'description',
  'attempt_count',
  'subscription',
  'period_start',
  'period_end',
  'due_on',
  'plan_change',
  'payment_method_token',
  'credit_bundle',
] as const;

/** The provider's idempotency key of an invoice's n-th charge attempt. */
export function chargeKey(invoiceNumber: string, attempt: number): string {
  return attempt <= 1 ? invoiceNumber : `${invoiceNumber}-r${attempt}`;
}

const planChangeOf = (value: unknown): PlanChangeTarget | null => {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<PlanChangeTarget> | null;
  return v && typeof v.planId === 'number' && (v.cycle === 'monthly' || v.cycle === 'annual') ? { planId: v.planId, cycle: v.cycle, reason: v.reason ?? null } : null;
};

/** Inserts an invoice whose first attempt the caller charges next (state `processing`, attempt 1), as that charge needs it. */
export async function insertClaimedInvoice(tx: Db, input: NewInvoice): Promise<ChargingInvoice> {
  const created = await insertInvoice(tx, input);
  return tx.selectFrom('invoice').select(CHARGING_COLUMNS).where('id', '=', created.id).executeTakeFirstOrThrow();
}

export type InvoiceChargeOutcome = { ok: true } | { ok: false; message: string };

/**
 * Charges a claimed (`processing`) invoice with the organization's payment method and records the
 * outcome. A provider failure (unreachable, 5xx) is thrown with the invoice left `processing`.
 */
export async function chargeClaimedInvoice(conn: Db, provider: PaymentProvider, invoice: ChargingInvoice, now: Date): Promise<InvoiceChargeOutcome> {
  let result: ChargeResult;
  if (invoice.total_in_cents <= 0) result = { ok: true, reference: 'nothing-to-charge' };
  else if (!invoice.payment_method_token) result = { ok: false, message: BILLING_MESSAGES.noPaymentMethodForRenewal };
  else {
    result = await provider.charge(conn, {
      organizationId: invoice.organization,
      paymentMethodToken: invoice.payment_method_token,
      amountCents: invoice.total_in_cents,
      currency: 'usd',
      description: invoice.description ?? `Invoice ${invoice.invoice_number}`,
      idempotencyKey: chargeKey(invoice.invoice_number, invoice.attempt_count),
    });
  }
  await recordChargeOutcome(conn, invoice, result, now);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

/**
 * Records a charge's outcome on a `processing` invoice (only the attempt that was charged: a
 * stale outcome changes nothing). Paid: a renewal advances its subscription's period, a plan
 * change applies its plan, and the organization's past-due date and freeze are recomputed.
 * Declined: a plan change invoice is `failed` (the plan stays as it was); any other is
 * `past_due`, keeping the processor's message, and dates the organization's past-due notice.
 */
export async function recordChargeOutcome(conn: Db, invoice: ChargingInvoice, result: ChargeResult, now: Date): Promise<void> {
  const planChange = planChangeOf(invoice.plan_change);
  await conn.transaction().execute(async (tx) => {
    if (planChange) await lockOrganization(tx, invoice.organization);
    const claimed = (q: ReturnType<typeof tx.updateTable<'invoice'>>) => q.where('id', '=', invoice.id).where('state', '=', 'processing').where('attempt_count', '=', invoice.attempt_count);
    if (!result.ok) {
      // A declined plan change or credit purchase simply did not happen; a renewal is owed.
      const state = planChange || invoice.credit_bundle !== null ? 'failed' : 'past_due';
      const res = await claimed(tx.updateTable('invoice').set({ state, failure_message: result.message })).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return;
      if (invoice.credit_bundle !== null) await setBundleOutcome(tx, invoice.credit_bundle, { status: 'failed', message: result.message });
      if (state !== 'past_due') return;
      await tx
        .updateTable('organization')
        .set({ has_past_due_invoice_since__date: sql<Date>`coalesce(has_past_due_invoice_since__date, ${invoice.due_on ? new Date(invoice.due_on) : now})` })
        .where('id', '=', invoice.organization)
        .execute();
      return;
    }
    const res = await claimed(tx.updateTable('invoice').set({ state: 'paid', paid_on: now, failure_message: null })).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return;
    if (invoice.credit_bundle !== null) await setBundleOutcome(tx, invoice.credit_bundle, { status: 'paid' });
    if (invoice.subscription !== null && invoice.period_end) {
      // The period is paid: the next renewal bills the one after it.
      const end = new Date(invoice.period_end);
      await tx
        .updateTable('subscription')
        .set({ current_period_end: sql<Date>`greatest(coalesce(current_period_end, ${end}), ${end})` })
        .where('id', '=', invoice.subscription)
        .execute();
    }
    if (planChange) {
      await replaceActiveSubscription(tx, invoice.organization, {
        planId: planChange.planId,
        cycle: planChange.cycle,
        reason: planChange.reason,
        ...(invoice.period_start ? { startsOn: new Date(invoice.period_start) } : {}),
        periodEnd: invoice.period_end ? new Date(invoice.period_end) : null,
      });
    }
    await recomputePastDue(tx, invoice.organization, now);
  });
}

/**
 * After a payment: the organization's past-due date becomes its oldest invoice still unpaid
 * (past due, or being retried), or none; an organization the freeze rule no longer holds is
 * unfrozen (one that was never past due keeps whatever froze it).
 */
export async function recomputePastDue(db: Db, organizationId: number, now: Date): Promise<void> {
  await sql`
    UPDATE organization o
       SET has_past_due_invoice_since__date = x.since,
           is_frozen = CASE WHEN o.has_past_due_invoice_since__date IS NOT NULL AND (x.since IS NULL OR x.since > ${freezeCutoff(now)}) THEN false ELSE o.is_frozen END
      FROM (SELECT min(due_on) AS since FROM invoice
             WHERE organization = ${organizationId} AND (state = 'past_due' OR (state = 'processing' AND attempt_count > 1))) x
     WHERE o.id = ${organizationId}`.execute(db);
}

/** The organization's payment method token now (what a new attempt charges). */
export const currentMethodToken = (organizationId: number) => sql<string | null>`(SELECT bi.token_id FROM billing_info bi WHERE bi.organization = ${organizationId})`;

/**
 * Finishes the organization's interrupted charges: with its lock held, any invoice still
 * `processing` was left by a holder that is gone. Its charge is sent again with the same key.
 */
export async function resumeInterruptedCharges(conn: Db, provider: PaymentProvider, organizationId: number, now: Date): Promise<number> {
  const stuck = await conn
    .selectFrom('invoice')
    .select(CHARGING_COLUMNS)
    .where('organization', '=', organizationId)
    .where('state', '=', 'processing')
    .where('attempt_count', '>', 0)
    .orderBy('id')
    .execute();
  for (const invoice of stuck) await chargeClaimedInvoice(conn, provider, invoice, now);
  return stuck.length;
}
