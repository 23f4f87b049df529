import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { claimAttempt, type ClaimedAttempt, type Limit } from '../auth/attempt-limits.ts';
import { forgetBuckets } from '../auth/login-attempts.repository.ts';

/**
 * Wrong second-factor codes (TOTP and recovery codes alike) per user: a six-digit code must
 * not be guessable by brute force from a stolen password, wherever the guesses come from, so
 * this one is per user and not per address (config `loginRateLimit.secondFactor`). Only
 * someone past the first factor can spend it: a sign-in challenge needs the password, a
 * password reset needs the emailed link. The two purposes count apart, so whoever holds one
 * of them cannot use up the other: an attacker with the password who burns the sign-in
 * challenge leaves the owner the reset (which changes the password), and a reset-link holder
 * cannot block the owner's sign-in.
 */
export type SecondFactorPurpose = 'sign-in' | 'reset';

const limitsOf = (config: AppConfig, userId: number, purpose: SecondFactorPurpose): Limit[] => [
  { bucket: purpose === 'reset' ? `2fa-reset:${userId}` : `2fa:${userId}`, ...config.loginRateLimit.secondFactor },
];

/**
 * Counts a code about to be checked, or throws 429 with an integer `Retry-After` when the
 * user's wrong codes reached the limit. Counted before the check (attempt-limits.ts
 * `claimAttempt`), so a burst of parallel guesses gets no more than the limit; the caller takes
 * the attempt back when the code was right, so only wrong codes stay counted.
 */
export function claimTwoFactorAttempt(db: Db, config: AppConfig, userId: number, purpose: SecondFactorPurpose = 'sign-in', now = new Date()): Promise<ClaimedAttempt> {
  return claimAttempt(db, limitsOf(config, userId, purpose), now);
}

/**
 * Clears the user's wrong codes of one purpose. A password reset clears the sign-in
 * challenge's: the reset changed the password whoever burnt the challenge had used (and asked
 * for the second factor itself, or cleared it), so the owner's own sign-in with the new
 * password must not meet the lockout they left behind.
 */
export async function clearTwoFactorFailures(db: Db, config: AppConfig, userId: number, purpose: SecondFactorPurpose): Promise<void> {
  await forgetBuckets(db, limitsOf(config, userId, purpose).map((l) => l.bucket));
}
