import { normalizeEmail } from '@flotilla/core/account-rules';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { claimAttempt, latest, tooManyRequests, withOneMore, type Limit } from './attempt-limits.ts';
import { addressKey } from './client-address.ts';
import { forgetAttempts, forgetBuckets, readLimits, recordAttempts, rememberAddress } from './login-attempts.repository.ts';
import { verifyPassword } from './password.ts';

/**
 * Limits on password guessing (compat §3.1, accounts spec "Too Many Requests") that a stranger
 * cannot turn against an account's owner. Only wrong passwords count; numbers and their
 * reasons are in login-rate-limit-config.ts. Every password check goes through
 * `verifyPasswordAttempt`: sign-in (`/login_`), and re-entry (refresh with password, change of
 * password or email, disabling 2FA, deleting the account).
 *
 * What is counted, per wrong password:
 * - per (account, address): the owner's typos and one address guessing one account;
 * - per address, with a higher ceiling: one address spraying many accounts;
 * - per account, only from addresses that never signed in to it: a guessing run spread over
 *   many addresses.
 * The account is the user id whatever the login form (email and username share the buckets);
 * a login that names no account is counted by its normalized text, with the same limits and
 * the same answers, so probing cannot tell whether an account exists. The address is
 * `request.ip` (trust-proxy aware), an IPv6 address counted as its /64 (client-address.ts).
 *
 * Why the owner is never locked out by strangers: no bucket is account-wide for everybody.
 * At an address where the owner has signed in before (known addresses, OWASP's "device
 * cookie" idea keyed by address because API clients keep no cookies), only failures from that
 * same address for that same account count. From a new address, strangers elsewhere cannot
 * fill its (account, address) bucket, and the account-wide defence never takes the first try:
 * while an account is under a distributed run, a new address gets one try per
 * (account, address) window instead of ten, so the owner's correct password still gets in at
 * once; a typo costs them at most that window (15 min). The trade-off: a botnet still gets
 * one guess per address per window, a tenth of what it would get otherwise, rather than none,
 * because blocking all new addresses would hand the owner's sign-in to whoever runs the
 * attack. Only someone sharing the owner's new address (the same NAT or public Wi-Fi) can hold
 * them there: by spending that address's budget for the account (15 min) or by pushing the
 * address over its ceiling (an hour); signing in from anywhere else is unaffected.
 */

/** Whose password is being tried: a resolved account, or a login that names none. */
export type SignInSubject = { userId: number } | { login: string };

type SignInLimit = 'pair' | 'pairUsed' | 'address' | 'account';

/**
 * Until when an attempt is refused (null: allowed), given until when each limit is reached:
 * `pair` (account, address) full; `pairUsed` (account, address) has any failure; `address`
 * the address ceiling; `account` the account's failures from new addresses.
 */
export function signInBlockedUntil(reached: Record<SignInLimit, Date | null>, isKnownAddress: boolean): Date | null {
  if (isKnownAddress) return reached.pair;
  // Under a distributed run an address may still try while it has no failure of its own.
  const { account, pairUsed } = reached;
  const firstTryUsed = account && pairUsed ? (account < pairUsed ? account : pairUsed) : null;
  return latest([reached.pair, reached.address, firstTryUsed]);
}

const accountKeyOf = (subject: SignInSubject) => ('userId' in subject ? `u${subject.userId}` : `l:${normalizeEmail(subject.login)}`);
// An address (client-address.ts) has no `|`: the account is what follows the last one.
const pairBucket = (address: string, account: string) => `pw-pair:${address}|${account}`;
const newAddressesBucket = (account: string) => `pw-new:${account}`;

function limitsFor(config: AppConfig, subject: SignInSubject, address: string): Record<SignInLimit, Limit> {
  const limits = config.loginRateLimit;
  const account = accountKeyOf(subject);
  const pair = { bucket: pairBucket(address, account), ...limits.perAccountAddress };
  return {
    pair,
    pairUsed: { ...pair, max: 1 },
    address: { bucket: `pw-addr:${address}`, ...limits.perAddress },
    account: { bucket: newAddressesBucket(account), ...limits.perAccountFromNewAddresses },
  };
}

/**
 * Checks `password` against `hash` under the sign-in limits: throws 429 (with `Retry-After`)
 * when this attempt is refused, counts a wrong password, remembers the address after a right
 * one. Returns whether the password was right.
 */
export async function verifyPasswordAttempt(
  db: Db,
  config: AppConfig,
  attempt: { subject: SignInSubject; ip: string },
  hash: string | null | undefined,
  password: string,
  now = new Date(),
): Promise<boolean> {
  const address = addressKey(attempt.ip);
  const limits = limitsFor(config, attempt.subject, address);
  const userId = 'userId' in attempt.subject ? attempt.subject.userId : undefined;
  const knownSince = new Date(now.getTime() - config.loginRateLimit.knownAddressTtlMs);
  const read = await readLimits(db, limits, now, userId === undefined ? undefined : { userId, address, since: knownSince });
  const blocked = (reached: Record<SignInLimit, Date | null>) => signInBlockedUntil(reached, read.isKnownAddress);
  const until = blocked(read.reachedUntil);
  if (until) throw tooManyRequests(until, now);
  // Counted before the slow password check and taken back after a right password: checked
  // again with this attempt included, parallel requests cannot all slip past the check above
  // (of two, the one that wrote last sees both). attempt-limits.ts `claimAttempt` does the same
  // for every other limit; this one differs only in how its four limits combine.
  const ids = await recordAttempts(db, read.isKnownAddress ? [limits.pair, limits.address] : [limits.pair, limits.address, limits.account], now);
  const untilWithThis = blocked((await readLimits(db, withThisAttempt(limits), now)).reachedUntil);
  if (untilWithThis) {
    await forgetAttempts(db, ids);
    throw tooManyRequests(untilWithThis, now);
  }
  if (await verifyPassword(hash, password, config.passwordHashCost)) {
    if (userId !== undefined) await rememberAddress(db, userId, address, now, knownSince, ids);
    else await forgetAttempts(db, ids);
    return true;
  }
  return false;
}

/**
 * After a password reset (account/password.service.ts): every wrong password counted against
 * the account was a guess at a password that no longer exists, so its counters start again —
 * its (account, address) buckets at every address and its new-address bucket — and the owner
 * signs in at once with the new password, from wherever (a lockout outliving the reset would
 * keep the owner out for up to a window after proving their mailbox). The reset's address
 * becomes known to the account, as a right password from it would make it: whoever completed
 * the reset holds the account anyway. Per-address ceilings stay: they count failures against
 * every account, and one reset must not clear a sprayer's record.
 */
export async function clearPasswordFailures(db: Db, config: AppConfig, userId: number, ip: string, now = new Date()): Promise<void> {
  const account = accountKeyOf({ userId });
  await forgetBuckets(db, [newAddressesBucket(account)], [pairBucket('%', account)]);
  await rememberAddress(db, userId, addressKey(ip), now, new Date(now.getTime() - config.loginRateLimit.knownAddressTtlMs));
}

/** The same limits once this attempt's own rows are in the buckets. */
function withThisAttempt(limits: Record<SignInLimit, Limit>): Record<SignInLimit, Limit> {
  return { pair: withOneMore(limits.pair), pairUsed: withOneMore(limits.pairUsed), address: withOneMore(limits.address), account: withOneMore(limits.account) };
}

/** Sign-up: accounts created per client address. */
const signupLimits = (config: AppConfig, ip: string): Limit[] => [{ bucket: `signup:${addressKey(ip)}`, ...config.signupRateLimit }];

/**
 * Counts a sign-up attempt of the client address, or throws 429. Every attempt that gets this
 * far counts, whatever its outcome: one ending in 409 "email taken" too, or the limit would let
 * anyone probe which addresses have accounts without end. Callers (password sign-up, social
 * sign-in) call it once, before creating the account; `createAccount` counts nothing itself.
 */
export async function assertSignupAllowed(db: Db, config: AppConfig, ip: string, now = new Date()): Promise<void> {
  await claimAttempt(db, signupLimits(config, ip), now);
}
