import { normalizeEmail } from '@flotilla/core/account-rules';
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from '@flotilla/core/social-sign-in';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { findUserById, type UserAuthRow } from '../auth/auth.repository.ts';
import { createAccount, issueFor } from '../auth/auth.service.ts';
import { assertSignupAllowed } from '../auth/login-rate-limit.ts';
import { findUserByEmail, findUserBySocialAccount, linkSocialAccount } from './social-accounts.repository.ts';
import type { SocialProfile } from './social-providers.ts';

export const noVerifiedEmail = (provider: SocialProvider) => `Your ${SOCIAL_PROVIDER_NAMES[provider]} account has no verified email address`;
export const unverifiedAccountExists = (provider: SocialProvider) =>
  `An account with this email address already exists. Sign in with your password and verify your email address, then you can sign in with ${SOCIAL_PROVIDER_NAMES[provider]}.`;

/**
 * Who a provider's sign-in is (accounts spec §3 social_service_account, §4 "Social sign-in ...
 * return a token"):
 * - an account already linked to this provider's account;
 * - else the account with the provider's verified email, linked now, but only if its owner
 *   has verified that email too: otherwise whoever registered the address first (without
 *   owning it) would get the real owner's sign-ins;
 * - else a new account, its email verified by the provider and no password (one can be set
 *   in Preferences), under the sign-up limits.
 * The token is like a password sign-in's: with two-factor on, the second step is still asked.
 */
export async function signInWithProfile(db: Db, config: AppConfig, provider: SocialProvider, profile: SocialProfile, ip: string): Promise<string> {
  const user = await userOfProfile(db, config, provider, profile, ip);
  return issueFor(config, user, Date.now(), 'pending');
}

async function userOfProfile(db: Db, config: AppConfig, provider: SocialProvider, profile: SocialProfile, ip: string): Promise<UserAuthRow> {
  const linked = await findUserBySocialAccount(db, provider, profile.remoteId);
  if (linked) return linked;
  if (!profile.verifiedEmail) throw badRequest(noVerifiedEmail(provider));
  const email = normalizeEmail(profile.verifiedEmail);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.isVerified) throw conflict(unverifiedAccountExists(provider));
    await linkSocialAccount(db, existing.id, provider, profile.remoteId, profile.displayName);
    const user = await findUserById(db, existing.id);
    if (!user) throw conflict(unverifiedAccountExists(provider));
    return user;
  }
  await assertSignupAllowed(db, config, ip);
  const user = await createAccount(db, { email, passwordHash: null, hasDisabledNewsletter: false, isVerified: true });
  await linkSocialAccount(db, user.id, provider, profile.remoteId, profile.displayName);
  return user;
}
