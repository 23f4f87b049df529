import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail } from '@flotilla/core/account-rules';
import { SAML_CODE_TTL_MS, SAML_MERGE_PAGE, SAML_SIGNON_PAGE, canMergeSamlAccount, type SamlSignInError } from '@flotilla/core/saml';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { AppError } from '../lib/errors.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { createAccount, issueFor } from '../auth/auth.service.ts';
import { assertSignupAllowed } from '../auth/login-rate-limit.ts';
import { findUserByEmail } from '../social-sign-in/social-accounts.repository.ts';
import type { SamlPersonProfile } from './saml-client.ts';
import {
  consumeSignInCode,
  deleteUserApiKeys,
  findLiveSignInCode,
  findUserIdBySamlAccount,
  hasSamlAccountOf,
  joinProviderOrganizations,
  linkSamlAccount,
  saveSignInCode,
} from './saml.repository.ts';

/** Texts of the finalize call's refusals (accounts spec §8); the dashboard shows `saml:signInErrors.<code>`. */
const MESSAGES: Record<SamlSignInError, string> = {
  unknown_sso_identifier: 'Unknown SSO identifier',
  login_failed: 'Single sign-on failed',
  account_mismatch: 'Your account is already linked to another account of this identity provider',
  require_login: 'Sign in to the account you want to link first',
  email_mismatch: "The identity provider's email address does not match your account's",
  expired_code: 'This sign-in has expired. Start it again.',
  no_email: 'The identity provider did not send an email address',
};

export const samlError = (status: number, code: SamlSignInError) => new AppError(status, MESSAGES[code], code);

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * After a validated response (saml.routes.ts): where the browser goes next, with a one-time
 * code (stored hashed, 5 minutes) that the dashboard exchanges at POST /auth/saml/finalize.
 * - a linked saml account: that user signs in (and joins organizations the provider added since);
 * - an account with the provider's email, not linked: the merge consent page, which needs that
 *   user signed in (the code alone never grants the existing account);
 * - else a new account (its email not counted as verified: see below), no password, linked to the provider
 *   and a member of the provider's organizations (and default teams).
 */
export async function afterValidResponse(db: Db, config: AppConfig, providerId: number, person: SamlPersonProfile, ip: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SAML_CODE_TTL_MS);
  const linkedUserId = await findUserIdBySamlAccount(db, providerId, person.remoteId);
  if (linkedUserId !== undefined) {
    await joinProviderOrganizations(db, linkedUserId, providerId);
    await saveSignInCode(db, { codeHash: hashCode(code), kind: 'signon', providerId, remoteId: person.remoteId, email: person.email ?? '', displayName: person.displayName, userId: linkedUserId, expiresAt });
    return `${SAML_SIGNON_PAGE}?code=${encodeURIComponent(code)}`;
  }
  if (!person.email) throw samlError(400, 'no_email');
  const email = normalizeEmail(person.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await saveSignInCode(db, { codeHash: hashCode(code), kind: 'merge', providerId, remoteId: person.remoteId, email, displayName: person.displayName, userId: null, expiresAt });
    return `${SAML_MERGE_PAGE}?code=${encodeURIComponent(code)}&shouldMergeWith=${encodeURIComponent(email)}`;
  }
  await assertSignupAllowed(db, config, ip);
  // createAccount is its own transaction (the user, their actor and personal organization).
  // Not verified: an identity provider is run by whoever administers a paid organization, so its
  // word on an email address is no proof of it. The address's owner can always take the account
  // back by a password reset, which also drops this link (account/password.service.ts).
  const { id: userId } = await createAccount(db, { email, passwordHash: null, hasDisabledNewsletter: false, isVerified: false });
  await linkSamlAccount(db, userId, providerId, person.remoteId, person.displayName);
  await joinProviderOrganizations(db, userId, providerId);
  await saveSignInCode(db, { codeHash: hashCode(code), kind: 'signon', providerId, remoteId: person.remoteId, email, displayName: person.displayName, userId, expiresAt });
  return `${SAML_SIGNON_PAGE}?code=${encodeURIComponent(code)}`;
}

/** Who presented a session token with the merge (resolved by the route). */
export interface SignedInUser {
  userId: number;
  email: string;
}

/**
 * POST /auth/saml/finalize (accounts spec §4 "SAML finalize return a token", "SAML merge"): the
 * code once, for a session token. A merge code needs the signed-in user (`signedIn`) whose email
 * is the provider's (§5): their API keys are deleted (the consent page says so), the provider's
 * account is linked to them and they join its organizations. A refusal does not use the code up,
 * so the person can sign in and try again while it lives. As with a password, two-factor is still asked.
 */
export async function finalizeSignIn(db: Db, config: AppConfig, code: string, signedIn: SignedInUser | null): Promise<string> {
  const row = await findLiveSignInCode(db, hashCode(code));
  if (!row) throw samlError(400, 'expired_code');
  if (row.kind === 'signon') {
    if (row.user === null || !(await consumeSignInCode(db, row.id))) throw samlError(400, 'expired_code');
    const user = await findUserById(db, row.user);
    if (!user) throw samlError(400, 'expired_code');
    return issueFor(config, user, Date.now(), 'pending');
  }
  if (!signedIn) throw samlError(401, 'require_login');
  if (!canMergeSamlAccount(row.email, signedIn.email)) throw samlError(400, 'email_mismatch');
  const userId = await db.transaction().execute(async (trx) => {
    if (await hasSamlAccountOf(trx, row.identity_provider, signedIn.userId)) throw samlError(409, 'account_mismatch');
    if (!(await consumeSignInCode(trx, row.id))) throw samlError(400, 'expired_code');
    const user = await findUserById(trx, signedIn.userId);
    if (!user) throw samlError(401, 'require_login');
    await deleteUserApiKeys(trx, user.actor);
    await linkSamlAccount(trx, user.id, row.identity_provider, row.remote_id, row.display_name);
    await joinProviderOrganizations(trx, user.id, row.identity_provider);
    return user.id;
  });
  const user = await findUserById(db, userId);
  if (!user) throw samlError(401, 'require_login');
  return issueFor(config, user, Date.now(), 'passed');
}
