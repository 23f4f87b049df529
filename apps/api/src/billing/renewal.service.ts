import { sql } from 'kysely';
import { freezeCutoff, PAST_DUE_RETRY_INTERVAL_MS } from '@flotilla/core/billing/past-due';
import { intervalLengthOfCycle, priceForCycle, type BillingCycle } from '@flotilla/core/billing/prices';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCK_KEYS } from '../jobs/lock-keys.ts';
import type { JobLogger } from '../jobs/periodic.ts';
import type { PaymentProvider } from './payment/provider.ts';
import { findBillingInfo, findPlanById } from './billing.repository.ts';
import { chargeClaimedInvoice, insertClaimedInvoice, resumeInterruptedCharges, type ChargingInvoice } from './invoice-charge.ts';
import { holdLease, tryTakeLease } from './billing-lease.ts';
import { tryOrgBillingLock, withOrgBillingLock } from './org-billing-lock.ts';
import { nextPeriodStart } from './periods.ts';
import { claimPastDueInvoices, freezeOverdueOrganizations, hasPeriodInvoice, listOrganizationsWithBillingWork, lockDueSubscription } from './renewal.repository.ts';
import { computeUsage } from './usage.ts';
import { sampleUsagePeaks } from './usage-peaks.ts';
import { applyCredits, recordConsumption } from './credit-consumption.ts';

/**
 * Subscription renewals and past-due invoices (accounts spec §4 "Organization frozen when
 * invoices are past due more than 60 days", §9; the rule is core/billing/past-due.ts).
 *
 * Each run, for every organization with work, under its billing lock (org-billing-lock.ts;
 * an organization whose lock another process holds is left to the next run):
 * 1. charges left `processing` by an interrupted holder are sent again with their key;
 * 2. an active paid subscription whose period has ended gets that period's invoice (plan price
 *    less the subscription's discount, plus the usage charges the billing page shows as the next
 *    bill), committed `processing`, then charged; paid advances the period, declined (or no
 *    payment method) leaves it `past_due` with the processor's message and dates the
 *    organization's past-due notice. The period is not advanced while unpaid: its invoice is
 *    the one retried, and one invoice per subscription period (a unique index) keeps a second
 *    run from billing it again;
 * 3. past-due invoices are charged again, at most once a day each.
 * Then organizations past due for 60 days or more are frozen. First of all, every organization's
 * usage is sampled for its peak (usage-peaks.ts). The whole run holds its lease
 * (billing-lease.ts), so one process runs it at a time. `now` is the run's clock (tests move it).
 */
export const BILLING_RENEWAL_LOCK_KEY = ADVISORY_LOCK_KEYS.billingRenewal;
const RUN_LEASE_KEY = 'billing-renewal-run';

/** Ended periods of one subscription billed in one run at most (two years of monthly periods). */
const MAX_PERIODS_PER_RUN = 24;

export interface BillingRenewalResult {
  ran: boolean;
  renewed: number;
  declined: number;
  retried: number;
  resumed: number;
  frozen: number;
  /** Organizations left to the next run (another holder, or the provider failed). */
  skipped: number;
}

export interface BillingRenewalOptions {
  now?: Date;
  log?: JobLogger;
  /** The dashboard's address, for the link in low-credit emails. */
  dashboardUrl?: string;
}

export async function runBillingRenewal(db: Db, provider: PaymentProvider, opts: BillingRenewalOptions = {}): Promise<BillingRenewalResult> {
  const now = opts.now ?? new Date();
  const result: BillingRenewalResult = { ran: false, renewed: 0, declined: 0, retried: 0, resumed: 0, frozen: 0, skipped: 0 };
  // The run's lease is taken under the job's advisory lock, held for that one transaction only
  // (the jobs' common guard, jobs/lock-keys.ts): the run itself holds no connection while the
  // provider answers (billing-lease.ts).
  const token = await db.transaction().execute(async (tx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${BILLING_RENEWAL_LOCK_KEY}) AS locked`.execute(tx);
    return lock.rows[0]?.locked ? tryTakeLease(tx, RUN_LEASE_KEY) : null;
  });
  if (!token) return result;
  result.ran = true;
  return holdLease(db, RUN_LEASE_KEY, token, async () => {
    // Peak usage's hourly sample (usage-peaks.ts); a failure there must not hold up the billing.
    await sampleUsagePeaks(db, now).catch((err: unknown) => opts.log?.error({ err, job: 'billing-renewal' }, 'usage peak sample failed'));
    const retryBefore = new Date(now.getTime() - PAST_DUE_RETRY_INTERVAL_MS);
    for (const organizationId of await listOrganizationsWithBillingWork(db, now, retryBefore)) {
      try {
        const done = await tryOrgBillingLock(db, organizationId, () => renewOrganization(db, provider, organizationId, now, retryBefore, result, opts.dashboardUrl));
        if (done === 'skipped') result.skipped += 1;
      } catch (err) {
        // The provider could not be reached (the invoice stays `processing`, resumed next run) or the database failed: the other organizations still run.
        result.skipped += 1;
        opts.log?.error({ err, job: 'billing-renewal', organizationId }, 'billing renewal of an organization failed');
      }
    }
    result.frozen = (await freezeOverdueOrganizations(db, freezeCutoff(now))).length;
    return result;
  });
}

async function renewOrganization(
  conn: Db,
  provider: PaymentProvider,
  organizationId: number,
  now: Date,
  retryBefore: Date,
  result: BillingRenewalResult,
  dashboardUrl: string | undefined,
): Promise<void> {
  result.resumed += await resumeInterruptedCharges(conn, provider, organizationId, now);
  // A subscription several periods behind (the server was stopped for a while) catches up in
  // this run, one period after the other while they are paid; a decline stops it there.
  for (let n = 0; n < MAX_PERIODS_PER_RUN; n += 1) {
    const invoice = await claimRenewal(conn, organizationId, now, dashboardUrl);
    if (!invoice) break;
    const charged = await chargeClaimedInvoice(conn, provider, invoice, now);
    if (!charged.ok) {
      result.declined += 1;
      break;
    }
    result.renewed += 1;
  }
  for (const due of await claimPastDueInvoices(conn, organizationId, now, retryBefore)) {
    result.retried += 1;
    await chargeClaimedInvoice(conn, provider, due, now);
  }
}

/**
 * Commits the invoice of the subscription's ended period as `processing` (attempt 1), with
 * prepaid credits paying for the additional devices first on a plan with credits
 * (credit-consumption.ts); undefined when there is none to bill.
 */
async function claimRenewal(conn: Db, organizationId: number, now: Date, dashboardUrl: string | undefined): Promise<ChargingInvoice | undefined> {
  return conn.transaction().execute(async (tx) => {
    const sub = await lockDueSubscription(tx, organizationId, now);
    if (!sub) return undefined;
    const periodStart = new Date(sub.period_end);
    if (await hasPeriodInvoice(tx, sub.id, periodStart)) return undefined; // billed, waiting for payment
    const plan = await findPlanById(tx, sub.plan_id);
    const cycle: BillingCycle = sub.billing_cycle === 'annual' ? 'annual' : 'monthly';
    const months = intervalLengthOfCycle(cycle);
    const periodEnd = nextPeriodStart(new Date(sub.starts_on__date), months, periodStart);
    const base = Math.round((priceForCycle(plan, cycle) * (100 - sub.discount_percentage)) / 100);
    const usage = await computeUsage(tx, organizationId, plan, sub.discount_percentage);
    const description = `${plan.title} plan (${cycle}) renewal`;
    const billed = [{ description, featureSlug: null, quantity: 1, unitCents: base }, ...usage.charges.map((c) => ({ description: c.title, featureSlug: c.code, quantity: c.quantity, unitCents: c.unitCents }))];
    const credits = plan.supports_credits ? await applyCredits(tx, organizationId, billed, months, now) : null;
    const lines = credits?.lines ?? billed;
    const method = await findBillingInfo(tx, organizationId);
    const invoice = await insertClaimedInvoice(tx, {
      organizationId,
      state: 'processing',
      description,
      totalCents: lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0),
      periodStart,
      periodEnd,
      failureMessage: null,
      lines,
      subscriptionId: sub.id,
      attemptCount: 1,
      lastAttemptAt: now,
      paymentMethodToken: method?.token_id ?? null,
    });
    if (credits) await recordConsumption(tx, organizationId, credits, invoice.id, dashboardUrl);
    return invoice;
  });
}

/**
 * After a new payment method is saved (PATCH /info): the organization's past-due invoices are
 * charged with it right away, not at the next daily retry; paid clears the notice and the
 * freeze. Declines keep them past due (the method was still saved).
 */
export async function payPastDueInvoices(db: Db, provider: PaymentProvider, organizationId: number, now = new Date()): Promise<{ paid: number; declined: number }> {
  return withOrgBillingLock(db, organizationId, async (conn) => {
    await resumeInterruptedCharges(conn, provider, organizationId, now);
    const out = { paid: 0, declined: 0 };
    for (const invoice of await claimPastDueInvoices(conn, organizationId, now, null)) {
      const charged = await chargeClaimedInvoice(conn, provider, invoice, now);
      if (charged.ok) out.paid += 1;
      else out.declined += 1;
    }
    return out;
  });
}
