import type { Db } from '../db/database.ts';

/** Failed sign-in attempts per bucket (`user:<login>`, `ip:<address>`), table login_attempt. */
export async function recordFailedAttempt(db: Db, buckets: string[], at: Date, windowStart: Date): Promise<void> {
  await db
    .insertInto('login_attempt')
    .values(buckets.map((bucket) => ({ bucket, attempted_at: at })))
    .execute();
  // Housekeeping for these buckets only: rows older than the window no longer count.
  await db.deleteFrom('login_attempt').where('bucket', 'in', buckets).where('attempted_at', '<=', windowStart).execute();
}

/**
 * When the bucket holds `max` or more failures since `windowStart`, the time of the failure
 * whose expiry brings it back under `max` (the max-th newest); otherwise null.
 */
export async function findBlockingAttempt(db: Db, bucket: string, windowStart: Date, max: number): Promise<Date | null> {
  const row = await db
    .selectFrom('login_attempt')
    .select('attempted_at')
    .where('bucket', '=', bucket)
    .where('attempted_at', '>', windowStart)
    .orderBy('attempted_at', 'desc')
    .offset(max - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.attempted_at as Date | string) : null;
}
