import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { AppError } from '../lib/errors.ts';
import { findBlockingAttempt, recordFailedAttempt } from './login-attempts.repository.ts';

/**
 * Sign-in rate limit (compat §3.1, accounts §8): at most `loginRateLimit.max` failed attempts
 * per username per window, and IP_FACTOR times that per client address (so one address cannot
 * spray many usernames). Only failures count, so a user who signs in often is never blocked,
 * and a success does not clear anyone's count. State lives in the database (works across replicas).
 */
export const TOO_MANY_REQUESTS = 'Too Many Requests. Try again later';
const IP_FACTOR = 5;

function buckets(config: AppConfig, login: string, ip: string): { bucket: string; max: number }[] {
  const { max } = config.loginRateLimit;
  return [
    { bucket: `user:${login.toLowerCase()}`, max },
    { bucket: `ip:${ip}`, max: max * IP_FACTOR },
  ];
}

/** Throws 429 with an integer `Retry-After` (seconds) when one of the buckets is exhausted. */
async function assertBucketsAllowed(db: Db, list: { bucket: string; max: number }[], windowMs: number, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  for (const { bucket, max } of list) {
    const blocking = await findBlockingAttempt(db, bucket, windowStart, max);
    if (blocking) {
      const retryAfter = Math.max(1, Math.ceil((blocking.getTime() + windowMs - now.getTime()) / 1000));
      throw new AppError(429, TOO_MANY_REQUESTS, 'too_many_requests', { 'Retry-After': String(retryAfter) });
    }
  }
}

export function assertLoginAllowed(db: Db, config: AppConfig, login: string, ip: string, now = new Date()): Promise<void> {
  return assertBucketsAllowed(db, buckets(config, login, ip), config.loginRateLimit.windowMs, now);
}

/** Sign-up: accounts created per client address (every sign-up counts, not only failures). */
const signupBucket = (config: AppConfig, ip: string) => [{ bucket: `signup:${ip}`, max: config.signupRateLimit.max }];

export function assertSignupAllowed(db: Db, config: AppConfig, ip: string, now = new Date()): Promise<void> {
  return assertBucketsAllowed(db, signupBucket(config, ip), config.signupRateLimit.windowMs, now);
}

export async function noteSignup(db: Db, config: AppConfig, ip: string, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - config.signupRateLimit.windowMs);
  await recordFailedAttempt(db, signupBucket(config, ip).map((b) => b.bucket), now, windowStart);
}

export async function noteFailedLogin(db: Db, config: AppConfig, login: string, ip: string, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - config.loginRateLimit.windowMs);
  await recordFailedAttempt(db, buckets(config, login, ip).map((b) => b.bucket), now, windowStart);
}
