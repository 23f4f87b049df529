import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { AppError } from '../lib/errors.ts';
import { TOO_MANY_REQUESTS } from '../auth/login-rate-limit.ts';
import { findBlockingAttempt, recordFailedAttempt } from '../auth/login-attempts.repository.ts';

/**
 * Wrong second-factor codes (TOTP and recovery codes alike) per user, with the same limit and
 * window as password sign-in (login-rate-limit.ts): a six-digit code must not be guessable
 * by brute force from a stolen password. State lives in login_attempt, bucket `2fa:<userId>`.
 */
const bucketOf = (userId: number) => `2fa:${userId}`;

export async function assertTwoFactorAttemptAllowed(db: Db, config: AppConfig, userId: number, now = new Date()): Promise<void> {
  const { max, windowMs } = config.loginRateLimit;
  const blocking = await findBlockingAttempt(db, bucketOf(userId), new Date(now.getTime() - windowMs), max);
  if (blocking) {
    const retryAfter = Math.max(1, Math.ceil((blocking.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError(429, TOO_MANY_REQUESTS, 'too_many_requests', { 'Retry-After': String(retryAfter) });
  }
}

export async function noteFailedTwoFactorAttempt(db: Db, config: AppConfig, userId: number, now = new Date()): Promise<void> {
  await recordFailedAttempt(db, [bucketOf(userId)], now, new Date(now.getTime() - config.loginRateLimit.windowMs));
}
