import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { issueFor } from '../auth/auth.service.ts';
import { findUserByUsername } from './account-flags.repository.ts';

export const LOGIN_AS_FORBIDDEN = 'Only platform admins can log in as another user';
export const LOGIN_AS_UNKNOWN_USER = 'User not found';

export interface LoginAsResult {
  token: string;
  /** The admin's user id (carried as `actualUser`). */
  actualUser: number;
  targetUserId: number;
}

/**
 * Login-as-user (accounts spec §6, §7 `PATCH /login_ {username}`): a platform admin gets a
 * session for the target whose `actualUser` claim names the admin, so the dashboard can warn
 * and disable what must not be done on someone's behalf. The admin's own auth time carries
 * over: the recent-login window is the admin's proof, not a fresh one. An admin already acting
 * as someone keeps naming the original admin.
 */
export async function loginAsUser(
  db: Db,
  config: AppConfig,
  admin: UserPrincipal,
  session: VerifiedSession,
  username: string,
): Promise<LoginAsResult> {
  if (admin.isAdmin !== true) throw forbidden(LOGIN_AS_FORBIDDEN);
  const target = await findUserByUsername(db, username);
  if (!target) throw notFound(LOGIN_AS_UNKNOWN_USER);
  const actualUser = session.actualUser ?? admin.userId;
  // The session stands on the admin's own sign-ins (auth/credentials.ts): their revocation secret goes along.
  const actualUserSecret = session.actualUser !== undefined ? session.actualUserSecret : session.jwt_secret;
  const token = await issueFor(config, target, session.authTime, 'passed', { actualUser, actualUserSecret });
  return { token, actualUser, targetUserId: target.id };
}
