import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { holdLease, LEASE_MS, tryTakeLease } from './billing-lease.ts';

/**
 * One charging hand per organization at a time, across API processes: plan changes, credit
 * purchases, the renewal job and the payment-method hook charge an organization only while
 * holding its lease (billing-lease.ts) across the steps (commit the invoice as `processing`,
 * call the provider outside any transaction, record the outcome). A holder that dies leaves the
 * lease to run out, so an invoice left `processing` while nobody holds its organization's lease
 * was interrupted, and whoever takes it next finishes it with the same idempotency key
 * (invoice-charge.ts) instead of charging again.
 */
const keyOf = (organizationId: number) => `organization:${organizationId}`;

/** How often a waiting caller tries again, and how long it waits before saying it is busy. */
const WAIT_STEP_MS = 25;
const WAIT_LIMIT_MS = LEASE_MS + 10_000;

/** Runs `fn` holding the organization's lease; waits for a live holder to finish. */
export async function withOrgBillingLock<T>(db: Db, organizationId: number, fn: (db: Db) => Promise<T>): Promise<T> {
  const key = keyOf(organizationId);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const token = await tryTakeLease(db, key);
    if (token) return holdLease(db, key, token, () => fn(db));
    if (Date.now() > deadline) throw new AppError(503, 'Billing of this organization is busy; please try again in a minute.', 'billing_busy');
    await sleep(WAIT_STEP_MS);
  }
}

/** `fn` holding the organization's lease, or `skipped` when another holder has it. */
export async function tryOrgBillingLock<T>(db: Db, organizationId: number, fn: () => Promise<T>): Promise<T | 'skipped'> {
  const key = keyOf(organizationId);
  const token = await tryTakeLease(db, key);
  if (!token) return 'skipped';
  return holdLease(db, key, token, fn);
}
