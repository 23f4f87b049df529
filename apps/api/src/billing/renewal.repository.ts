import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { CUSTOM_PLAN_CODE, FREE_PLAN_CODE } from '@flotilla/core/billing/prices';
import { CHARGING_COLUMNS, currentMethodToken, type ChargingInvoice } from './invoice-charge.ts';

/** Queries of the renewal job (renewal.service.ts); rules are there. */

/** An active subscription's end of its paid period: stored, else one interval after it started. */
const periodEnd = sql<Date>`coalesce(s.current_period_end, s.starts_on__date + CASE WHEN s.billing_cycle = 'annual' THEN interval '12 months' ELSE interval '1 month' END)`;

/** Organizations with billing work at `now`: a paid subscription whose period ended, a past-due invoice due a retry, or an interrupted charge. */
export async function listOrganizationsWithBillingWork(db: Db, now: Date, retryBefore: Date): Promise<number[]> {
  const rows = await sql<{ organization: number }>`
    SELECT s.is_for__organization AS organization
      FROM subscription s JOIN plan p ON p.id = s.is_for__plan
     WHERE s.is_active AND p.billing_code NOT IN (${FREE_PLAN_CODE}, ${CUSTOM_PLAN_CODE}) AND ${periodEnd} <= ${now}
    UNION
    SELECT organization FROM invoice
     WHERE (state = 'past_due' AND (last_attempt_at IS NULL OR last_attempt_at <= ${retryBefore}))
        OR (state = 'processing' AND attempt_count > 0)
    ORDER BY organization`.execute(db);
  return rows.rows.map((r) => r.organization);
}

export interface DueSubscription {
  id: number;
  plan_id: number;
  billing_cycle: string;
  starts_on__date: Date;
  period_end: Date;
  discount_percentage: number;
}

/** The organization's active paid subscription if its period has ended, locked until the transaction ends. */
export async function lockDueSubscription(tx: Db, organizationId: number, now: Date): Promise<DueSubscription | undefined> {
  const rows = await sql<DueSubscription>`
    SELECT s.id, p.id AS plan_id, s.billing_cycle, s.starts_on__date, ${periodEnd} AS period_end, s.discount_percentage
      FROM subscription s JOIN plan p ON p.id = s.is_for__plan
     WHERE s.is_for__organization = ${organizationId} AND s.is_active
       AND p.billing_code NOT IN (${FREE_PLAN_CODE}, ${CUSTOM_PLAN_CODE}) AND ${periodEnd} <= ${now}
       FOR UPDATE OF s`.execute(tx);
  return rows.rows[0];
}

export async function hasPeriodInvoice(tx: Db, subscriptionId: number, periodStart: Date): Promise<boolean> {
  const row = await tx.selectFrom('invoice').select('id').where('subscription', '=', subscriptionId).where('period_start', '=', periodStart).executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the organization's past-due invoices for a new charge attempt: `processing`, the next
 * attempt number and the current payment method committed before the charge. With
 * `retryBefore`, only those not tried since then (at most one attempt a day); without, all
 * (a new payment method was just set).
 */
export async function claimPastDueInvoices(db: Db, organizationId: number, now: Date, retryBefore: Date | null): Promise<ChargingInvoice[]> {
  let q = db
    .updateTable('invoice')
    .set({ state: 'processing', attempt_count: sql<number>`attempt_count + 1`, last_attempt_at: now, payment_method_token: currentMethodToken(organizationId) })
    .where('organization', '=', organizationId)
    .where('state', '=', 'past_due');
  if (retryBefore) q = q.where((eb) => eb.or([eb('last_attempt_at', 'is', null), eb('last_attempt_at', '<=', retryBefore)]));
  const rows = await q.returning(CHARGING_COLUMNS).execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Freezes organizations past due since `cutoff` or earlier; their ids. */
export async function freezeOverdueOrganizations(db: Db, cutoff: Date): Promise<number[]> {
  const rows = await db
    .updateTable('organization')
    .set({ is_frozen: true })
    .where('is_frozen', '=', false)
    .where('has_past_due_invoice_since__date', 'is not', null)
    .where('has_past_due_invoice_since__date', '<=', cutoff)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
