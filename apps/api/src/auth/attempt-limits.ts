import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { forgetAttempts, readLimits, recordAttempts, type Limit } from './login-attempts.repository.ts';

/**
 * Counters kept in the database (table login_attempt), so every limit holds across API
 * replicas. Each caller decides what counts (failures only for passwords and codes, every
 * request for flows that send email) and names its buckets.
 */
export type { Limit };

/** compat §3.1: balena clients map 429 to BalenaTooManyRequests and honour `Retry-After`. */
export const TOO_MANY_REQUESTS = 'Too Many Requests. Try again later';

/** 429 with an integer `Retry-After`: whole seconds until `until`, at least 1. */
export function tooManyRequests(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(429, TOO_MANY_REQUESTS, 'too_many_requests', { 'Retry-After': String(retryAfter) });
}

/** The moment every one of these is free again, or null when none blocks. */
export function latest(moments: (Date | null)[]): Date | null {
  return moments.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
}

/** The same limit once the caller's own attempt is in its bucket: reached only past `max` others. */
export const withOneMore = (limit: Limit): Limit => ({ ...limit, max: limit.max + 1 });

const keyed = (limits: Limit[]): Record<string, Limit> => Object.fromEntries(limits.map((l, i) => [i, l]));

async function reachedUntil(db: Db, limits: Limit[], now: Date): Promise<Date | null> {
  return latest(Object.values((await readLimits(db, keyed(limits), now)).reachedUntil));
}

/** An attempt counted by `claimAttempt`. */
export interface ClaimedAttempt {
  /** Takes the attempt back: for counters of failures only, once this one turned out right. */
  takeBack(): Promise<void>;
}

/**
 * Counts one attempt in each limit, throwing 429 when any was reached. Every limit that guards
 * a guess or an email goes through here (passwords through `verifyPasswordAttempt`, which does
 * the same): checking first and counting after the work let a burst of parallel requests all
 * pass the check before any was counted (a few hundred 2FA guesses instead of 10). So the
 * attempt is written first and the limits read again with it included: each request sees every
 * attempt written before its read, and of two racing, the later reader sees both, so at most
 * `max` get through (near the limit a race can refuse both, never admit both). A refused
 * attempt is taken back: it does not count, and a flood does not push the window forward. Inside a transaction the others' rows are invisible until they commit, so the
 * buckets are locked first, until this transaction ends (invitation emails are counted in the
 * OData write's transaction). Counters of failures only (wrong codes) call `takeBack()` after
 * a right one.
 */
export async function claimAttempt(db: Db, limits: Limit[], now = new Date()): Promise<ClaimedAttempt> {
  if (db.isTransaction) await lockBuckets(db, limits);
  // Cheap refusal first, so a flood past the limit writes nothing.
  const before = await reachedUntil(db, limits, now);
  if (before) throw tooManyRequests(before, now);
  const ids = await recordAttempts(db, limits, now);
  const until = await reachedUntil(db, limits.map(withOneMore), now);
  if (until) {
    await forgetAttempts(db, ids);
    throw tooManyRequests(until, now);
  }
  return { takeBack: () => forgetAttempts(db, ids) };
}

/** Transaction-level advisory locks on the buckets, taken in one order so two claims cannot deadlock. */
async function lockBuckets(db: Db, limits: Limit[]): Promise<void> {
  const buckets = [...new Set(limits.map((l) => l.bucket))];
  await sql`SELECT pg_advisory_xact_lock(hashtext('flotilla:attempt-limit'), k)
              FROM (SELECT DISTINCT hashtext(b) AS k FROM unnest(${buckets}::text[]) AS b) keys ORDER BY k`.execute(db);
}

/**
 * Throws 429 when any of the limits is reached, without counting. Only for counters whose
 * check and count may race without harm (wrong 256-bit link codes, which cannot be guessed
 * however many get through); anything that guards a guess or an email uses `claimAttempt`.
 */
export async function assertUnderLimits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  const until = await reachedUntil(db, limits, now);
  if (until) throw tooManyRequests(until, now);
}

/** Counts one attempt in each limit (and purges expired rows of every bucket); see `assertUnderLimits`. */
export async function noteAttempts(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  await recordAttempts(db, limits, now);
}
