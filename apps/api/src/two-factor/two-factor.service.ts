import { AUTH_TIME_WINDOW_MS } from '@flotilla/core/account-rules';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { AppError, badRequest, conflict, unauthorized } from '../lib/errors.ts';
import { assertOwnSession, type UserPrincipal } from '../auth/guards.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { INVALID_CREDENTIALS, issueFor } from '../auth/auth.service.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { verifyPasswordAttempt } from '../auth/login-rate-limit.ts';
import { RECENT_AUTH_REQUIRED } from '../api-keys/api-keys.service.ts';
import { generateTotpSecret, matchTotpStep } from './totp.ts';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.ts';
import { claimTwoFactorAttempt } from './two-factor-rate-limit.ts';
import {
  activatePendingSecret,
  claimTotpStep,
  clearTwoFactor,
  findTwoFactorState,
  replaceRecoveryCodes,
  setPendingSecret,
  useRecoveryCode,
  type TwoFactorRow,
} from './two-factor.repository.ts';

/**
 * Two-factor authentication (accounts §4 "Two-factor", compat §3.6). States: disabled,
 * pending (token claim `twoFactorRequired: true` right after a password sign-in) and passed
 * (`false`). Changing the setup needs a recent password proof (the 20-minute authTime
 * window), like minting a user API key.
 */
export const INVALID_TWO_FACTOR_CODE = 'Invalid two factor authentication code';
export const INVALID_RECOVERY_CODE = 'Invalid recovery code';
export const TWO_FACTOR_ALREADY_ENABLED = 'Two-factor authentication is already enabled';
export const TWO_FACTOR_NOT_ENABLED = 'Two-factor authentication is not enabled';
export const TWO_FACTOR_SETUP_NOT_STARTED = 'Request a setup key before entering a pairing code';

function assertRecentAuth(session: VerifiedSession, now = Date.now()): void {
  if (now - session.authTime > AUTH_TIME_WINDOW_MS) throw new AppError(401, RECENT_AUTH_REQUIRED, 'recent_auth_required');
}

async function stateOf(db: Db, user: UserPrincipal): Promise<TwoFactorRow> {
  const state = await findTwoFactorState(db, user.userId);
  if (!state) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return state;
}

/** A fresh token for the user as the database now has them; the second factor counts as passed. */
async function passedToken(db: Db, config: AppConfig, userId: number, authTime: number): Promise<string> {
  const row = await findUserById(db, userId);
  if (!row) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return issueFor(config, row, authTime, 'passed');
}

/** `GET /auth/totp/setup`: the base32 setup key; repeated calls return the same pending key. */
export async function getSetupKey(db: Db, user: UserPrincipal, session: VerifiedSession): Promise<string> {
  assertOwnSession(session);
  assertRecentAuth(session);
  const state = await stateOf(db, user);
  if (state.is_2fa_enabled) throw conflict(TWO_FACTOR_ALREADY_ENABLED, 'two_factor_already_enabled');
  if (state.totp_pending_secret) return state.totp_pending_secret;
  const secret = generateTotpSecret();
  await setPendingSecret(db, user.userId, secret);
  return secret;
}

/**
 * `POST /auth/totp/verify {code}`. With 2FA enabled: the sign-in challenge (a pending token
 * becomes a passed one). With 2FA off and a setup key handed out: the pairing code that
 * enables it (balena-sdk's `twoFactor.enable` calls this route). Either way a new token. The
 * code is counted before it is checked and taken back when right (two-factor-rate-limit.ts).
 */
export async function verifyTotp(db: Db, config: AppConfig, user: UserPrincipal, session: VerifiedSession, code: string): Promise<string> {
  const state = await stateOf(db, user);
  if (state.is_2fa_enabled && state.totp_secret) {
    const attempt = await claimTwoFactorAttempt(db, config, user.userId);
    const step = matchTotpStep(state.totp_secret, code);
    // A code already used (or older than one used) is a replay: refused like a wrong one.
    if (step === null || !(await claimTotpStep(db, user.userId, step))) throw unauthorized(INVALID_TWO_FACTOR_CODE, 'invalid_two_factor_code');
    await attempt.takeBack();
    return passedToken(db, config, user.userId, session.authTime);
  }
  if (session.twoFactorRequired === true) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  assertOwnSession(session);
  assertRecentAuth(session);
  const pending = state.totp_pending_secret;
  if (!pending) throw badRequest(TWO_FACTOR_SETUP_NOT_STARTED, 'two_factor_setup_not_started');
  const attempt = await claimTwoFactorAttempt(db, config, user.userId);
  const step = matchTotpStep(pending, code);
  // 400, not 401: a mistyped pairing code must not end the (valid) session.
  if (step === null) throw badRequest(INVALID_TWO_FACTOR_CODE, 'invalid_two_factor_code');
  await attempt.takeBack();
  if (!(await activatePendingSecret(db, user.userId, pending, step))) throw conflict(TWO_FACTOR_SETUP_NOT_STARTED, 'two_factor_setup_not_started');
  return passedToken(db, config, user.userId, session.authTime);
}

/** `POST /auth/totp/disable {password}`: password proof, then 2FA, its secret and codes go. */
export async function disableTwoFactor(db: Db, config: AppConfig, user: UserPrincipal, session: VerifiedSession, password: string, ip: string): Promise<string> {
  assertOwnSession(session);
  const row = await findUserById(db, user.userId);
  if (!(await verifyPasswordAttempt(db, config, { subject: { userId: user.userId }, ip }, row?.password_hash, password)) || !row) {
    throw unauthorized(INVALID_CREDENTIALS);
  }
  const state = await stateOf(db, user);
  if (!state.is_2fa_enabled) throw badRequest(TWO_FACTOR_NOT_ENABLED, 'two_factor_not_enabled');
  await clearTwoFactor(db, user.userId);
  // The password was just proven: the new token's authTime is now.
  return passedToken(db, config, user.userId, Date.now());
}

/** `POST /auth/v1/2fa-recover/create`: a new set of codes; every earlier code stops working. */
export async function createRecoveryCodes(db: Db, user: UserPrincipal, session: VerifiedSession): Promise<string[]> {
  assertOwnSession(session);
  assertRecentAuth(session);
  const state = await stateOf(db, user);
  if (!state.is_2fa_enabled) throw badRequest(TWO_FACTOR_NOT_ENABLED, 'two_factor_not_enabled');
  const codes = generateRecoveryCodes();
  await replaceRecoveryCodes(db, user.userId, codes.map(hashRecoveryCode));
  return codes;
}

/** `POST /auth/v1/2fa-recover/verify {code}`: a recovery code instead of TOTP; each works once. */
export async function verifyRecoveryCode(db: Db, config: AppConfig, user: UserPrincipal, session: VerifiedSession, code: string): Promise<string> {
  const attempt = await claimTwoFactorAttempt(db, config, user.userId);
  const state = await stateOf(db, user);
  if (!state.is_2fa_enabled || !(await useRecoveryCode(db, user.userId, hashRecoveryCode(code)))) throw unauthorized(INVALID_RECOVERY_CODE, 'invalid_recovery_code');
  await attempt.takeBack();
  return passedToken(db, config, user.userId, session.authTime);
}
