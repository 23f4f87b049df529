import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * One charging hand per organization at a time, across API processes: plan changes, the renewal
 * job and the payment-method hook charge an organization only while holding its session-level
 * advisory lock (two-key form, its own key space: jobs/lock-keys.ts). The lock is held on one
 * pinned connection across the steps (commit the invoice as `processing`, call the provider
 * outside any transaction, record the outcome), and PostgreSQL drops it when that connection
 * dies, so an invoice left `processing` while nobody holds its organization's lock was
 * interrupted, and whoever takes the lock next finishes it with the same idempotency key
 * (invoice-charge.ts) instead of charging again.
 */
const lockKey = sql`hashtext('flotilla:billing-organization')`;

/** Runs `fn` on a pinned connection holding the organization's lock; waits for the lock. */
export function withOrgBillingLock<T>(db: Db, organizationId: number, fn: (conn: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${lockKey}, ${organizationId}::int)`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${lockKey}, ${organizationId}::int)`.execute(conn);
    }
  });
}

/** `fn` under the organization's lock on `conn` (already pinned), or `skipped` when another holds it. */
export async function tryOrgBillingLock<T>(conn: Db, organizationId: number, fn: () => Promise<T>): Promise<T | 'skipped'> {
  const r = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${lockKey}, ${organizationId}::int) AS locked`.execute(conn);
  if (!r.rows[0]?.locked) return 'skipped';
  try {
    return await fn();
  } finally {
    await sql`SELECT pg_advisory_unlock(${lockKey}, ${organizationId}::int)`.execute(conn);
  }
}
