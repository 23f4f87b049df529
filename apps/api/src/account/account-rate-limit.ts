import type { Db } from '../db/database.ts';
import { assertUnderLimits, claimAttempt, noteAttempts, type ClaimedAttempt, type Limit } from '../auth/attempt-limits.ts';
import { addressKey } from '../auth/client-address.ts';

/**
 * Rate limits of the emailed-link flows, in the same database counters as sign-in (so they
 * hold across replicas). Every request counts (not only failures): each one may send an email.
 * Client addresses are counted as the sign-in limits count them (client-address.ts).
 */
export type Bucket = Omit<Limit, 'windowMs'>;

export const HOUR_MS = 3600_000;

/** Reset requests: 5 per email address and 20 per client address per hour. */
export const resetRequestBuckets = (email: string, ip: string): Bucket[] => [
  { bucket: `reset-email:${email}`, max: 5 },
  { bucket: `reset-ip:${addressKey(ip)}`, max: 20 },
];
/** Verification emails re-sent: 5 per user per hour. */
export const resendBuckets = (userId: number): Bucket[] => [{ bucket: `verify-resend:${userId}`, max: 5 }];
/**
 * Invitation emails: 50 per inviter and 5 per invited address per hour. An inviter's text goes
 * out under the server's name; without these an invite deleted and made again would mail one
 * address without end.
 */
export const inviteBuckets = (inviter: number | null, email: string): Bucket[] => [
  ...(inviter === null ? [] : [{ bucket: `invite-from:${inviter}`, max: 50 }]),
  { bucket: `invite-to:${email}`, max: 5 },
];
/** Wrong or stale link codes (verify, reset, invitations): 30 per client address per hour. */
export const badLinkBuckets = (ip: string): Bucket[] => [{ bucket: `bad-link:${addressKey(ip)}`, max: 30 }];

const withWindow = (buckets: Bucket[], windowMs: number): Limit[] => buckets.map((b) => ({ ...b, windowMs }));

/**
 * Counts one request in the buckets, or throws 429 with an integer `Retry-After` (seconds):
 * counted before it is checked (auth/attempt-limits.ts `claimAttempt`), so parallel requests
 * cannot all pass. For every flow that sends an email.
 */
export function claimUnderLimit(db: Db, buckets: Bucket[], windowMs = HOUR_MS, now = new Date()): Promise<ClaimedAttempt> {
  return claimAttempt(db, withWindow(buckets, windowMs), now);
}

/** 429 when a bucket is full, counting nothing: only for wrong link codes (`badLinkBuckets`), see `assertUnderLimits`. */
export function assertUnderLimit(db: Db, buckets: Bucket[], windowMs = HOUR_MS, now = new Date()): Promise<void> {
  return assertUnderLimits(db, withWindow(buckets, windowMs), now);
}

export function noteAttempt(db: Db, buckets: Bucket[], windowMs = HOUR_MS, now = new Date()): Promise<void> {
  return noteAttempts(db, withWindow(buckets, windowMs), now);
}
