import { normalizeEmail, validateEmail } from '@flotilla/core/account-rules';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, conflict, unauthorized } from '../lib/errors.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { enqueueEmail } from '../email/outbox.repository.ts';
import { emailChangedEmail } from '../email/templates.ts';
import { verifyPasswordAttempt } from '../auth/login-rate-limit.ts';
import { assertOwnSession, type UserPrincipal } from '../auth/guards.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { findAccountUser, findAccountUserByEmail, updateEmail } from './account.repository.ts';
import { EMAIL_TAKEN, sendEmailChangeLink } from './email-verification.service.ts';
import { INVALID_PASSWORD } from './password.service.ts';
import { assertRecentAuth, issueTokenFor } from './issue-token.ts';

export const PASSWORD_REQUIRED = 'Password is required';

/**
 * `PATCH /user/email {email, password}` (accounts §4, §7). With verification required the new
 * address gets a confirmation link and nothing changes until it is followed: the answer is
 * `null` (an empty body, "pending"). Otherwise the address changes now and a token carrying
 * it is returned. An address already used by another account is refused either way.
 */
export async function changeEmail(
  db: Db,
  config: AppConfig,
  principal: UserPrincipal,
  session: VerifiedSession,
  input: { email: string; password?: string; ip: string },
): Promise<string | null> {
  assertOwnSession(session);
  assertRecentAuth(session);
  const emailError = validateEmail(input.email);
  if (emailError) throw badRequest(emailError);
  const user = await findAccountUser(db, principal.userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  if (user.password_hash) {
    if (!input.password) throw badRequest(PASSWORD_REQUIRED, 'password_required');
    if (!(await verifyPasswordAttempt(db, config, { subject: { userId: user.id }, ip: input.ip }, user.password_hash, input.password))) {
      throw badRequest(INVALID_PASSWORD, 'invalid_password');
    }
  }
  const email = normalizeEmail(input.email);
  if (email === user.email) return issueTokenFor(config, user, session.authTime);
  const owner = await findAccountUserByEmail(db, email);
  if (owner) throw conflict(EMAIL_TAKEN, 'email_taken');
  if (config.requireEmailVerification) {
    await sendEmailChangeLink(db, config, user.id, email);
    return null;
  }
  await updateEmail(db, user.id, email, false);
  // The old address hears about it (ASVS V2.2.3), so a hijacked session cannot move silently.
  if (user.email) await enqueueEmail(db, { to: user.email, kind: 'email-changed', ...emailChangedEmail(email) });
  return issueTokenFor(config, { ...user, email }, session.authTime);
}
