import { isValidEmail, normalizeEmail } from '@flotilla/core/account-rules';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, unauthorized } from '../lib/errors.ts';
import { enqueueEmail } from '../email/outbox.repository.ts';
import { emailChangeEmail, emailChangedEmail, verificationEmail } from '../email/templates.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { TOKEN_TTL_MS, consumeActionToken, createActionToken } from './action-tokens.ts';
import { findAccountUser, findAccountUserByEmail, markEmailVerified, setMustBeVerified, updateEmail, type AccountUserRow } from './account.repository.ts';
import { verificationLink } from './account-links.ts';
import { assertUnderLimit, badLinkBuckets, claimUnderLimit, noteAttempt, resendBuckets } from './account-rate-limit.ts';

/**
 * Email verification (accounts spec §4). Whether new users must verify is
 * `config.requireEmailVerification`: on when SMTP is configured or REQUIRE_EMAIL_VERIFICATION=1,
 * off otherwise — a self-hosted install without mail must not lock its users out.
 */
export const INVALID_VERIFICATION_LINK = 'The verification link is invalid or has expired';
export const ALREADY_VERIFIED = 'Your email address is already verified';
export const EMAIL_TAKEN = 'An account with this email address already exists';

const HOURS = TOKEN_TTL_MS['verify-email'] / 3600_000;

/** `GET /user/v1/account-status`: what the dashboard's guard and the details tab need. */
export interface AccountStatus {
  email: string | null;
  must_be_verified: boolean;
  is_verified: boolean;
  has_password_set: boolean;
}

async function getUser(db: Db, userId: number): Promise<AccountUserRow> {
  const user = await findAccountUser(db, userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return user;
}

export async function getAccountStatus(db: Db, userId: number): Promise<AccountStatus> {
  const { email, must_be_verified, is_verified, password_hash } = await getUser(db, userId);
  return { email, must_be_verified, is_verified, has_password_set: password_hash !== null };
}

async function sendVerificationEmail(db: Db, config: AppConfig, user: AccountUserRow & { email: string }): Promise<void> {
  const token = await createActionToken(db, { userId: user.id, purpose: 'verify-email', email: user.email });
  await enqueueEmail(db, { to: user.email, kind: 'verify-email', ...verificationEmail(verificationLink(config, token, user.email), HOURS) });
}

/** After sign-up: when verification is required, flag the user and mail the link. */
export async function onUserRegistered(db: Db, config: AppConfig, userId: number): Promise<void> {
  if (!config.requireEmailVerification) return;
  const user = await getUser(db, userId);
  // Signed up from their emailed invitation link: already verified (invitations.service.ts).
  if (!user.email || user.is_verified) return;
  await setMustBeVerified(db, userId);
  await sendVerificationEmail(db, config, { ...user, email: user.email });
}

/** "Resend verification email": a new link (the previous one stops working), rate limited. */
export async function resendVerificationEmail(db: Db, config: AppConfig, userId: number): Promise<void> {
  const user = await getUser(db, userId);
  if (user.is_verified || !user.email) throw badRequest(ALREADY_VERIFIED, 'already_verified');
  await claimUnderLimit(db, resendBuckets(userId));
  await sendVerificationEmail(db, config, { ...user, email: user.email });
}

/** Starts an email change that needs confirming: the link goes to the new address. */
export async function sendEmailChangeLink(db: Db, config: AppConfig, userId: number, newEmail: string): Promise<void> {
  const token = await createActionToken(db, { userId, purpose: 'change-email', email: newEmail });
  await enqueueEmail(db, { to: newEmail, kind: 'change-email', ...emailChangeEmail(verificationLink(config, token, newEmail), HOURS) });
}

/**
 * `POST /user/v1/verify-email {verificationToken, email}` (compat §3.7). Works for sign-up
 * verification and for confirming a new address. A wrong, used or expired link is one 400
 * with one message, and counts toward the per-address limit on bad links.
 */
export async function verifyEmail(db: Db, input: { verificationToken: string; email: string; ip: string }): Promise<void> {
  await assertUnderLimit(db, badLinkBuckets(input.ip));
  const email = normalizeEmail(input.email);
  const row = isValidEmail(email) ? await consumeActionToken(db, input.verificationToken, ['verify-email', 'change-email'], email) : undefined;
  const user = row ? await findAccountUser(db, row.user) : undefined;
  if (!row || !user) {
    await noteAttempt(db, badLinkBuckets(input.ip));
    throw badRequest(INVALID_VERIFICATION_LINK, 'invalid_verification_link');
  }
  if (row.purpose === 'change-email') {
    const owner = await findAccountUserByEmail(db, email);
    if (owner && owner.id !== user.id) throw badRequest(EMAIL_TAKEN, 'email_taken');
    await updateEmail(db, user.id, email, true);
    if (user.email) await enqueueEmail(db, { to: user.email, kind: 'email-changed', ...emailChangedEmail(email) });
    return;
  }
  // A sign-up link is for the address the account had when it was sent.
  if (user.email !== email) throw badRequest(INVALID_VERIFICATION_LINK, 'invalid_verification_link');
  await markEmailVerified(db, user.id);
}
