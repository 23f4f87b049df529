import { randomBytes } from 'node:crypto';
import { normalizeEmail, validateEmail, validatePassword } from '@flotilla/core/account-rules';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, unauthorized } from '../lib/errors.ts';
import { enqueueEmail } from '../email/outbox.repository.ts';
import { passwordChangedEmail, passwordResetEmail } from '../email/templates.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { isCaptchaAccepted } from '../auth/captcha.ts';
import { hashPassword } from '../auth/password.ts';
import { clearPasswordFailures, verifyPasswordAttempt } from '../auth/login-rate-limit.ts';
import { clearTwoFactorFailures } from '../two-factor/two-factor-rate-limit.ts';
import { assertOwnSession, type UserPrincipal } from '../auth/guards.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { TOKEN_TTL_MS, consumeActionToken, createActionToken, deletePendingActionTokens, findUsableActionToken } from './action-tokens.ts';
import { deleteApiKeysOf } from '../api-keys/api-keys.repository.ts';
import { findAccountUser, findAccountUserByEmail, markEmailVerifiedFirst, updatePassword } from './account.repository.ts';
import { passwordResetLink } from './account-links.ts';
import { assertUnderLimit, badLinkBuckets, claimUnderLimit, noteAttempt, resetRequestBuckets } from './account-rate-limit.ts';
import { assertRecentAuth, issueTokenFor } from './issue-token.ts';
import { assertResetSecondFactor } from './reset-second-factor.ts';
import { clearTwoFactor } from '../two-factor/two-factor.repository.ts';
import { deleteSamlAccountsOf } from '../saml/saml.repository.ts';

/** Forgotten password, reset by emailed code, and change password (accounts spec §4, §5, §7). */
export const CAPTCHA_FAILED = 'Captcha verification failed';
export const INVALID_RESET_CODE = 'The password reset link is invalid or has expired';
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const INVALID_PASSWORD = 'invalid password';

const newJwtSecret = () => randomBytes(16).toString('hex');

/**
 * `POST /user/v1/password-reset/request {email, g-recaptcha-response}`. The answer is the same
 * whether or not an account has that address (no enumeration); the limits count every request
 * per address and per client, so nobody can flood a mailbox.
 */
export async function requestPasswordReset(db: Db, config: AppConfig, input: { email: string; captchaResponse?: string; ip: string }): Promise<void> {
  const emailError = validateEmail(input.email);
  if (emailError) throw badRequest(emailError);
  if (!(await isCaptchaAccepted(input.captchaResponse, config.captchaSecret, fetch, config.captchaVerifyUrl))) throw badRequest(CAPTCHA_FAILED, 'captcha_failed');
  const email = normalizeEmail(input.email);
  await claimUnderLimit(db, resetRequestBuckets(email, input.ip));
  const user = await findAccountUserByEmail(db, email);
  if (!user) return;
  const code = await createActionToken(db, { userId: user.id, purpose: 'password-reset', email });
  await enqueueEmail(db, { to: email, kind: 'password-reset', ...passwordResetEmail(passwordResetLink(config, code), TOKEN_TTL_MS['password-reset'] / 60_000) });
}

/**
 * `POST /user/v1/password-reset {resetCode, password, twoFactorCode?}`: single-use code; the
 * new password rotates the user's jwt_secret, so every existing session ends. Following the
 * emailed link also proves the address, so it counts as verified. With two-factor on, the
 * second factor is checked before the link is spent (reset-second-factor.ts), so a user asked
 * for it can resubmit with the same link.
 *
 * A reset that is what first verifies the address takes the account back from whoever made it
 * with someone else's address (pre-account takeover): everything they could have left behind
 * that outlives a new password goes with it — every user API key and every link still
 * pending (an email change would hand the account back to them), the identity provider accounts
 * linked to it (a SAML provider asserted the address without proving it) and their two-factor setup,
 * which such a reset does not ask for: the squatter's authenticator would otherwise lock the
 * owner out of their own address. Sessions end with the new jwt_secret anyway. A verified
 * account's keys and second factor stay, and its reset needs the second factor: a forgotten
 * password says nothing about who made them. Sign-in lockouts (wrong passwords, wrong
 * sign-in codes) end with the reset, so the owner signs in with the new password at once.
 */
export async function resetPassword(db: Db, config: AppConfig, input: { resetCode: string; password: string; twoFactorCode?: string; ip: string }): Promise<void> {
  const passwordError = validatePassword(input.password);
  if (passwordError) throw badRequest(passwordError);
  await assertUnderLimit(db, badLinkBuckets(input.ip));
  const invalidCode = async () => {
    await noteAttempt(db, badLinkBuckets(input.ip));
    return badRequest(INVALID_RESET_CODE, 'invalid_reset_code');
  };
  const pending = await findUsableActionToken(db, input.resetCode, ['password-reset']);
  const user = pending ? await findAccountUser(db, pending.user) : undefined;
  // The address the code was sent to must still be the account's (an email change voids it).
  if (!pending || !user || user.email !== pending.email) throw await invalidCode();
  // An address never verified: the link is the first proof of it, and a second factor set up
  // before that proof is not the owner's to give (it is cleared below).
  const firstProof = !user.is_verified;
  if (!firstProof) await assertResetSecondFactor(db, config, user.id, input.twoFactorCode);
  // Spent atomically: of two concurrent submissions only one gets past this line.
  if (!(await consumeActionToken(db, input.resetCode, ['password-reset']))) throw await invalidCode();
  const passwordHash = await hashPassword(input.password, config.passwordHashCost);
  await db.transaction().execute(async (tx) => {
    await updatePassword(tx, user.id, passwordHash, newJwtSecret());
    if (await markEmailVerifiedFirst(tx, user.id)) {
      await deleteApiKeysOf(tx, user.actor);
      await deletePendingActionTokens(tx, user.id);
      await clearTwoFactor(tx, user.id);
      // An identity provider that made the account with this address had no proof of it either.
      await deleteSamlAccountsOf(tx, user.id);
    } else if (firstProof) {
      // Verified by another link meanwhile: this reset skipped a second factor it now needs.
      await assertResetSecondFactor(tx, config, user.id, input.twoFactorCode);
    }
    // The new password signs in at once: no lockout earned by guesses at the old one remains.
    await clearPasswordFailures(tx, config, user.id, input.ip);
    await clearTwoFactorFailures(tx, config, user.id, 'sign-in');
  });
  await notifyPasswordChanged(db, user.email);
}

async function notifyPasswordChanged(db: Db, email: string | null): Promise<void> {
  if (email) await enqueueEmail(db, { to: email, kind: 'password-changed', ...passwordChangedEmail() });
}

/**
 * `PATCH /user/password {currentPassword, password}` → a new session token. The current
 * password is required when one is set (users from social or SAML sign-in may set a first
 * one); wrong guesses count toward the sign-in limit. Other sessions end.
 */
export async function changePassword(
  db: Db,
  config: AppConfig,
  principal: UserPrincipal,
  session: VerifiedSession,
  input: { currentPassword?: string; password: string; ip: string },
): Promise<string> {
  assertOwnSession(session);
  assertRecentAuth(session);
  const passwordError = validatePassword(input.password);
  if (passwordError) throw badRequest(passwordError);
  const user = await findAccountUser(db, principal.userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  if (user.password_hash) {
    if (!input.currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED, 'current_password_required');
    if (!(await verifyPasswordAttempt(db, config, { subject: { userId: user.id }, ip: input.ip }, user.password_hash, input.currentPassword))) {
      throw badRequest(INVALID_PASSWORD, 'invalid_password');
    }
  }
  const jwtSecret = newJwtSecret();
  await updatePassword(db, user.id, await hashPassword(input.password, config.passwordHashCost), jwtSecret);
  await notifyPasswordChanged(db, user.email);
  return issueTokenFor(config, { ...user, jwt_secret: jwtSecret }, Date.now());
}
