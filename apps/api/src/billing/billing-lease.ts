import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Leases in `billing_lease` (migration 0117): one holder per key across API processes, without a
 * connection or a transaction held while the holder works (a payment provider call is never made
 * inside a transaction, invoice-charge.ts). Taken with one upsert that succeeds only where no
 * lease is live; renewed every LEASE_RENEW_MS while the holder works; given back when it is done.
 * A holder that dies leaves its lease to run out after LEASE_MS, and the next holder then finds
 * its work interrupted (an invoice left `processing`) and finishes it with the same idempotency
 * key. The database's clock decides expiry, so processes need not agree on time.
 */
export const LEASE_MS = 120_000;
const LEASE_RENEW_MS = 30_000;

/** The lease's token when taken, null while another holder's is live. */
export async function tryTakeLease(db: Db, key: string): Promise<string | null> {
  const token = randomUUID();
  const r = await sql<{ holder: string }>`
    INSERT INTO billing_lease (key, holder, expires_at) VALUES (${key}, ${token}::uuid, clock_timestamp() + ${LEASE_MS} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
      WHERE billing_lease.expires_at < clock_timestamp()
    RETURNING holder`.execute(db);
  return r.rows.length > 0 ? token : null;
}

/** Runs `fn` as the holder of a taken lease, renewing it meanwhile, and gives it back after. */
export async function holdLease<T>(db: Db, key: string, token: string, fn: () => Promise<T>): Promise<T> {
  const renew = setInterval(() => {
    void sql`UPDATE billing_lease SET expires_at = clock_timestamp() + ${LEASE_MS} * interval '1 millisecond' WHERE key = ${key} AND holder = ${token}::uuid`
      .execute(db)
      .catch(() => undefined);
  }, LEASE_RENEW_MS);
  renew.unref();
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    // A failed give-back must not hide fn's own error: the lease then runs out by itself.
    await sql`DELETE FROM billing_lease WHERE key = ${key} AND holder = ${token}::uuid`.execute(db).catch(() => undefined);
  }
}
