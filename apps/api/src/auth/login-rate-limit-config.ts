/** At most `max` counted attempts within any `windowMs` (a sliding window). */
export interface RateWindow {
  max: number;
  windowMs: number;
}

/** The sign-in limits (login-rate-limit.ts applies them; two-factor-rate-limit.ts the last one). */
export interface LoginRateLimits {
  /** Wrong passwords for one account from one address. */
  perAccountAddress: RateWindow;
  /** Wrong passwords from one address, whatever the account (its known accounts excepted). */
  perAddress: RateWindow;
  /** Wrong passwords for one account from addresses that never signed in to it. */
  perAccountFromNewAddresses: RateWindow;
  /** How long an address stays known to a user after a correct password from it. */
  knownAddressTtlMs: number;
  /** Wrong second-factor codes per user (each purpose counted apart: sign-in, password reset). */
  secondFactor: RateWindow;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Why these numbers:
 * - 10 per (account, address) per 15 min: more typos than a person makes, a wait short enough
 *   that the owner who did make them is back quickly; one address guessing one account gets
 *   about 1 000 tries a day, which a password meeting the spec's rules withstands.
 * - 300 per address per hour: a whole office behind one NAT does not fail 300 sign-ins an hour,
 *   a script spraying one password over many accounts does; accounts that have signed in from
 *   that address before are not held by it, so a sprayer sharing the office's address does not
 *   lock the office out of its own accounts.
 * - 50 per account per hour from addresses that never signed in to it: only a guessing run
 *   spread over many addresses gets there. Past it, each such address gets one try per
 *   account+address window (15 min) instead of ten, so the run slows tenfold while the owner
 *   on a new address still gets a first try, and at a known address is not affected at all.
 * - 90 days a known address lasts: long enough to cover a holiday away from home.
 * - 10 wrong second-factor codes per user per hour: with three six-digit codes valid at a time,
 *   a month of non-stop guessing has about a 2 % chance; only someone holding the password
 *   (or, for a reset, the mailbox) can spend it, so it is per user, not per address.
 */
export const DEFAULT_LOGIN_RATE_LIMITS: LoginRateLimits = {
  perAccountAddress: { max: 10, windowMs: 15 * MINUTE },
  perAddress: { max: 300, windowMs: HOUR },
  perAccountFromNewAddresses: { max: 50, windowMs: HOUR },
  knownAddressTtlMs: 90 * 24 * HOUR,
  secondFactor: { max: 10, windowMs: HOUR },
};
