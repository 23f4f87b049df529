import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { findBlockingAttempt, recordFailedAttempt } from '../auth/login-attempts.repository.ts';
import { TOO_MANY_REQUESTS } from '../auth/login-rate-limit.ts';

/**
 * Rate limits of the emailed-link flows, in the same `login_attempt` table as sign-in (so they
 * hold across replicas). Every request counts (not only failures): each one may send an email.
 */
export interface Bucket {
  bucket: string;
  max: number;
}

export const HOUR_MS = 3600_000;

/** Reset requests: 5 per email address and 20 per client address per hour. */
export const resetRequestBuckets = (email: string, ip: string): Bucket[] => [
  { bucket: `reset-email:${email}`, max: 5 },
  { bucket: `reset-ip:${ip}`, max: 20 },
];
/** Verification emails re-sent: 5 per user per hour. */
export const resendBuckets = (userId: number): Bucket[] => [{ bucket: `verify-resend:${userId}`, max: 5 }];
/** Wrong or stale link codes (verify, reset): 30 per client address per hour. */
export const badLinkBuckets = (ip: string): Bucket[] => [{ bucket: `bad-link:${ip}`, max: 30 }];

/** 429 with the sign-in limit's message and an integer `Retry-After` (seconds). */
export async function assertUnderLimit(db: Db, buckets: Bucket[], windowMs = HOUR_MS, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  for (const { bucket, max } of buckets) {
    const blocking = await findBlockingAttempt(db, bucket, windowStart, max);
    if (blocking) {
      const retryAfter = Math.max(1, Math.ceil((blocking.getTime() + windowMs - now.getTime()) / 1000));
      throw new AppError(429, TOO_MANY_REQUESTS, 'too_many_requests', { 'Retry-After': String(retryAfter) });
    }
  }
}

export async function noteAttempt(db: Db, buckets: Bucket[], windowMs = HOUR_MS, now = new Date()): Promise<void> {
  await recordFailedAttempt(db, buckets.map((b) => b.bucket), now, new Date(now.getTime() - windowMs));
}
