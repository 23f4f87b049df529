import type { Db } from '../db/database.ts';

/**
 * Counted attempts (table login_attempt) and addresses known to a user (login_known_address).
 * Queries only; the policies are in login-rate-limit.ts, attempt-limits.ts and their callers.
 */

/** A counter: at most `max` rows in `bucket`, each counting for `windowMs` after it was written. */
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Expired rows removed per write. Each write adds at most a handful of rows, so purging up to
 * this many keeps the table bounded by the rows still inside their windows.
 */
const PURGE_BATCH = 500;

export interface LimitState<K extends string> {
  /** Per limit: when it is reached, the moment it drops back under `max`; else null. */
  reachedUntil: Record<K, Date | null>;
  /** Whether `known.address` proved `known.userId`'s password after `known.since`. */
  isKnownAddress: boolean;
}

/**
 * Reads every limit (and, when asked, whether the address is known to the user) in one query.
 * A limit is reached when its bucket holds `max` live rows; it is free again when the max-th
 * newest of them expires.
 */
export async function readLimits<K extends string>(
  db: Db,
  limits: Record<K, Limit>,
  now: Date,
  known?: { userId: number; address: string; since: Date },
): Promise<LimitState<K>> {
  const entries = Object.entries<Limit>(limits);
  const row = (await db
    .selectNoFrom((eb) => [
      ...entries.map(([, { bucket, max }], i) =>
        eb
          .selectFrom('login_attempt')
          .select('expires_at')
          .where('bucket', '=', bucket)
          .where('expires_at', '>', now)
          .orderBy('expires_at', 'desc')
          .offset(max - 1)
          .limit(1)
          .as(`l${i}`),
      ),
      known
        ? eb
            .exists(
              eb
                .selectFrom('login_known_address')
                .select('user_id')
                .where('user_id', '=', known.userId)
                .where('address', '=', known.address)
                .where('last_success_at', '>', known.since),
            )
            .as('known')
        : eb.lit(false).as('known'),
    ])
    .executeTakeFirstOrThrow()) as Record<string, Date | string | boolean | null>;
  return {
    reachedUntil: Object.fromEntries(
      entries.map(([name], i) => {
        const value = row[`l${i}`];
        return [name, value == null ? null : new Date(value as Date | string)];
      }),
    ) as Record<K, Date | null>,
    isKnownAddress: row.known === true,
  };
}

/**
 * Counts one attempt in each limit's bucket and purges expired rows of every bucket: one
 * statement. Returns the new rows' ids (for `forgetAttempts`).
 */
export async function recordAttempts(db: Db, limits: Limit[], now: Date): Promise<number[]> {
  const rows = await db
    .with('purged', (qb) =>
      qb
        .deleteFrom('login_attempt')
        .where('id', 'in', qb.selectFrom('login_attempt').select('id').where('expires_at', '<=', now).limit(PURGE_BATCH).forUpdate().skipLocked()),
    )
    .insertInto('login_attempt')
    .values(limits.map(({ bucket, windowMs }) => ({ bucket, attempted_at: now, expires_at: new Date(now.getTime() + windowMs) })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Takes back attempts counted by `recordAttempts` (they turned out not to count). */
export async function forgetAttempts(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('login_attempt').where('id', 'in', ids).execute();
}

/**
 * Clears counters: removes every attempt in the buckets named, and in every bucket whose name
 * matches one of `likePatterns` (SQL LIKE; callers build them from names without `%` or `_`
 * of their own). For a counter whose attempts stopped meaning anything at once, not for taking
 * back one attempt (`forgetAttempts`).
 */
export async function forgetBuckets(db: Db, buckets: string[], likePatterns: string[] = []): Promise<void> {
  if (buckets.length === 0 && likePatterns.length === 0) return;
  await db
    .deleteFrom('login_attempt')
    .where((eb) => eb.or([...(buckets.length > 0 ? [eb('bucket', 'in', buckets)] : []), ...likePatterns.map((p) => eb('bucket', 'like', p))]))
    .execute();
}

/**
 * Marks the address as known to the user (now), takes back the attempts `forgetIds`, and
 * purges known addresses unused since `staleBefore`: one statement. The row being written is
 * left out of the purge, since one statement must not both delete and update it.
 */
export async function rememberAddress(db: Db, userId: number, address: string, now: Date, staleBefore: Date, forgetIds: number[] = []): Promise<void> {
  await db
    .with('forgotten', (qb) => qb.deleteFrom('login_attempt').where((eb) => eb('id', '=', eb.fn.any(eb.val(forgetIds)))))
    .with('purged', (qb) =>
      qb.deleteFrom('login_known_address').where((eb) =>
        eb(
          eb.refTuple('user_id', 'address'),
          'in',
          qb
            .selectFrom('login_known_address')
            .select(['user_id', 'address'])
            .where('last_success_at', '<=', staleBefore)
            .where((w) => w.not(w.and([w('user_id', '=', userId), w('address', '=', address)])))
            .limit(PURGE_BATCH)
            .forUpdate()
            .skipLocked()
            .$asTuple('user_id', 'address'),
        ),
      ),
    )
    .insertInto('login_known_address')
    .values({ user_id: userId, address, last_success_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_success_at: now }))
    .execute();
}
