import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { readLimits, recordAttempts, type Limit } from './login-attempts.repository.ts';

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

/** Throws 429 when any of the limits is reached. */
export async function assertUnderLimits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  const until = latest(Object.values((await readLimits(db, Object.fromEntries(limits.map((l, i) => [i, l])), now)).reachedUntil));
  if (until) throw tooManyRequests(until, now);
}

/** Counts one attempt in each limit (and purges expired rows of every bucket). */
export async function noteAttempts(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  await recordAttempts(db, limits, now);
}
