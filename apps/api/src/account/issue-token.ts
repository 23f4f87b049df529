import { AUTH_TIME_WINDOW_MS } from '@flotilla/core/account-rules';
import type { AppConfig } from '../lib/config.ts';
import { AppError } from '../lib/errors.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { issueFor } from '../auth/auth.service.ts';
import { RECENT_AUTH_REQUIRED } from '../api-keys/api-keys.service.ts';
import type { AccountUserRow } from './account.repository.ts';

/**
 * A session token for the user as stored now (new email, new jwt_secret). Only sessions that
 * passed their second factor reach these routes, so the token says passed, as `issueFor` does
 * for every passed session.
 */
export function issueTokenFor(config: AppConfig, user: AccountUserRow, authTime: number): Promise<string> {
  return issueFor(config, user, authTime, 'passed');
}

/**
 * Accounts §4/§9: email and password changes need a password proof in the last 20 minutes,
 * the same rule and answer as creating a user API key (`recent_auth_required`).
 */
export function assertRecentAuth(session: VerifiedSession, now = Date.now()): void {
  if (now - session.authTime > AUTH_TIME_WINDOW_MS) throw new AppError(401, RECENT_AUTH_REQUIRED, 'recent_auth_required');
}
