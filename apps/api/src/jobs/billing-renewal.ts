import type { Db } from '../db/database.ts';
import type { PaymentProvider } from '../billing/payment/provider.ts';
import { runBillingRenewal } from '../billing/renewal.service.ts';
import { startPeriodic, stderrJobLogger, type JobLogger } from './periodic.ts';

/**
 * The billing renewal job (billing/renewal.service.ts): renews subscriptions whose period
 * ended, retries past-due invoices (at most daily each) and freezes organizations 60 days past
 * due; it also takes the hourly sample of peak usage (billing/usage-peaks.ts). Hourly: a
 * period's invoice is at most an hour late, and a run with nothing due is the sample and a query. One process at a time runs it (ADVISORY_LOCK_KEYS.billingRenewal).
 */
const DEFAULT_TICK_MS = 60 * 60 * 1000;

export interface BillingRenewalJobOptions {
  intervalMs?: number;
  log?: JobLogger;
  /** The job's clock (tests); the wall clock by default. */
  now?: () => Date;
  /** The dashboard's address, for the link in low-credit emails (PUBLIC_URL). */
  dashboardUrl?: string;
}

/** Starts the periodic job; the returned function stops it and waits for a running tick. */
export function startBillingRenewalJob(db: Db, provider: PaymentProvider, opts: BillingRenewalJobOptions = {}): () => Promise<void> {
  const log = opts.log ?? stderrJobLogger;
  const clock = opts.now ?? (() => new Date());
  return startPeriodic(() => runBillingRenewal(db, provider, { now: clock(), log, dashboardUrl: opts.dashboardUrl }), opts.intervalMs ?? DEFAULT_TICK_MS, {
    name: 'billing-renewal',
    log,
    onResult: (r) => {
      if (r.renewed + r.declined + r.retried + r.resumed + r.frozen > 0) log.info({ job: 'billing-renewal', ...r }, 'billing renewal run');
    },
  });
}
