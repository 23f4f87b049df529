import { randomBytes } from 'node:crypto';
import { isPasswordOverLimit, normalizeEmail, usernameBaseFromEmail, usernameCandidate, validateEmail, validatePassword } from '@flotilla/core/account-rules';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, conflict, unauthorized } from '../lib/errors.ts';
import type { Principal } from './principal.ts';
import type { UserPrincipal } from './guards.ts';
import { AUTH_MESSAGES } from './credentials.ts';
import { issueSessionToken, type SessionClaims, type VerifiedSession } from './tokens.ts';
import { hashPassword } from './password.ts';
import { isCaptchaAccepted } from './captcha.ts';
import { setPasswordOverLimit } from '../staff/account-flags.repository.ts';
import { assertSignupAllowed, verifyPasswordAttempt } from './login-rate-limit.ts';
import { createPersonalOrganization } from '../organizations/personal-organization.ts';
import {
  createUserWithActor,
  findApplicationSlug,
  findDeviceUuid,
  findUserById,
  findUserByLogin,
  isEmailTaken,
  listTakenUsernames,
  rotateJwtSecret,
  type NewUser,
  type UserAuthRow,
} from './auth.repository.ts';
import { joinOnSignUp, type SignUpInvitation } from '../invitations/invitations.service.ts';

export const INVALID_CREDENTIALS = 'Invalid login credentials';
export const EMAIL_TAKEN = 'An account with this email address already exists';
export const CAPTCHA_FAILED = 'Captcha verification failed';

/**
 * A session token for the user. With 2FA enabled it carries `twoFactorRequired`: `true` only
 * straight after a password sign-in (`secondFactor: 'pending'`), `false` for every token issued
 * to a session that already passed (refresh, re-proof, verify). Without 2FA the claim is absent.
 */
export async function issueFor(
  config: AppConfig,
  user: Pick<UserAuthRow, 'id' | 'actor' | 'username' | 'email' | 'jwt_secret' | 'is_2fa_enabled'>,
  authTime: number,
  secondFactor: 'pending' | 'passed' = 'passed',
  actingAdmin?: Pick<SessionClaims, 'actualUser' | 'actualUserSecret'>,
): Promise<string> {
  const claims: SessionClaims = { id: user.id, actor: user.actor, username: user.username, email: user.email, jwt_secret: user.jwt_secret, authTime };
  if (user.is_2fa_enabled) claims.twoFactorRequired = secondFactor === 'pending';
  // Login-as-user sessions keep naming the admin behind them through every refresh.
  if (actingAdmin?.actualUser !== undefined) {
    claims.actualUser = actingAdmin.actualUser;
    if (actingAdmin.actualUserSecret !== undefined) claims.actualUserSecret = actingAdmin.actualUserSecret;
  }
  return issueSessionToken(claims, { secret: config.jwtSecret, ttlSeconds: config.sessionTtlSeconds });
}

export interface RegisterInput {
  email: string;
  password: string;
  hasDisabledNewsletter: boolean;
  captchaResponse?: string;
  /** Client address, for the sign-up rate limit. */
  ip: string;
  /** Signing up from an invitation link: joins on creation when it was sent to this email. */
  invitation?: SignUpInvitation;
}

/** Sign-up (accounts spec §5): validates, creates actor + user, returns a session token. */
export async function registerUser(db: Db, config: AppConfig, input: RegisterInput): Promise<string> {
  const emailError = validateEmail(input.email);
  if (emailError) throw badRequest(emailError);
  const passwordError = validatePassword(input.password);
  if (passwordError) throw badRequest(passwordError);
  await assertSignupAllowed(db, config, input.ip);
  if (!(await isCaptchaAccepted(input.captchaResponse, config.captchaSecret, fetch, config.captchaVerifyUrl))) throw badRequest(CAPTCHA_FAILED);
  const email = normalizeEmail(input.email);
  if (await isEmailTaken(db, email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password, config.passwordHashCost);
  const user = await createAccount(db, { email, passwordHash, hasDisabledNewsletter: input.hasDisabledNewsletter }, input.invitation);
  return issueFor(config, user, Date.now());
}

/**
 * A new account for a normalized, free email (sign-up, social sign-in): the user and its actor,
 * the personal organization, an invitation's membership. The caller has counted the attempt in
 * its address's sign-up limit already (`assertSignupAllowed`, which counts attempts that end in
 * 409 too), so nothing is counted here.
 */
export async function createAccount(db: Db, account: Omit<NewUser, 'username'>, invitation?: SignUpInvitation): Promise<UserAuthRow> {
  // Two sign-ups may pick the same free username at once: retry on the unique violation.
  for (let attempt = 0; ; attempt++) {
    const username = await pickUsername(db, usernameBaseFromEmail(account.email));
    try {
      const user = await createUserWithActor(db, { ...account, username });
      await createPersonalOrganization(db, user);
      await joinOnSignUp(db, user.id, account.email, invitation);
      return user;
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint?.includes('email')) throw conflict(EMAIL_TAKEN);
      if (constraint?.includes('username') && attempt < 3) continue;
      throw err;
    }
  }
}

async function pickUsername(db: Db, base: string): Promise<string> {
  const candidates = Array.from({ length: 20 }, (_, i) => usernameCandidate(base, i + 1));
  const taken = await listTakenUsernames(db, candidates);
  return candidates.find((c) => !taken.has(c)) ?? `${base}_${randomBytes(4).toString('hex')}`;
}

/** The constraint name (or message) of a PostgreSQL unique violation, else undefined. */
function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return undefined;
  return e.constraint ?? e.message ?? '';
}

export interface LoginInput {
  username: string;
  password: string;
  ip: string;
}

/**
 * `POST /login_`: email or username plus password → session token (compat §3.1). The limits
 * count the account whichever form named it; a login naming no account is counted by its
 * text and answered the same way (login-rate-limit.ts).
 */
export async function login(db: Db, config: AppConfig, input: LoginInput): Promise<string> {
  const user = await findUserByLogin(db, input.username);
  const subject = user ? { userId: user.id } : { login: input.username };
  if (!(await verifyPasswordAttempt(db, config, { subject, ip: input.ip }, user?.password_hash, input.password)) || !user) {
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await setPasswordOverLimit(db, user.id, isPasswordOverLimit(input.password));
  return issueFor(config, user, Date.now(), 'pending');
}

async function currentUser(db: Db, principal: UserPrincipal): Promise<UserAuthRow> {
  const user = await findUserById(db, principal.userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return user;
}

/** `GET /user/v1/refresh-token`: same authTime, fresh iat/exp (compat §3.3). */
export async function refreshSession(db: Db, config: AppConfig, principal: UserPrincipal, session: VerifiedSession): Promise<string> {
  return issueFor(config, await currentUser(db, principal), session.authTime, 'passed', session);
}

/** `POST /user/v1/refresh-token {password}`: re-proves the password, so authTime is now. */
export async function refreshWithPassword(db: Db, config: AppConfig, principal: UserPrincipal, password: string, ip: string): Promise<string> {
  const user = await currentUser(db, principal);
  if (!(await verifyPasswordAttempt(db, config, { subject: { userId: user.id }, ip }, user.password_hash, password))) {
    throw unauthorized(INVALID_CREDENTIALS);
  }
  return issueFor(config, user, Date.now());
}

/** Rotates the user's jwt_secret (every other session ends) and returns a token for this one. */
export async function logoutOtherSessions(db: Db, config: AppConfig, principal: UserPrincipal, session: VerifiedSession): Promise<string> {
  await rotateJwtSecret(db, principal.userId, randomBytes(16).toString('hex'));
  return issueFor(config, await currentUser(db, principal), session.authTime, 'passed', session);
}

export type WhoAmI =
  | { id: number; actorType: 'user'; actorTypeId: number; username: string; email: string | null }
  | { id: number; actorType: 'application'; actorTypeId: number; slug: string }
  | { id: number; actorType: 'device'; actorTypeId: number; uuid: string };

/** `GET /actor/v1/whoami` shapes (compat §3.4). */
export async function whoami(db: Db, principal: Principal): Promise<WhoAmI> {
  switch (principal.kind) {
    case 'user':
      return { id: principal.actorId, actorType: 'user', actorTypeId: principal.userId, username: principal.username, email: principal.email };
    case 'application': {
      const slug = await findApplicationSlug(db, principal.applicationId);
      if (slug === undefined) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
      return { id: principal.actorId, actorType: 'application', actorTypeId: principal.applicationId, slug };
    }
    case 'device': {
      const uuid = await findDeviceUuid(db, principal.deviceId);
      if (uuid === undefined) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
      return { id: principal.actorId, actorType: 'device', actorTypeId: principal.deviceId, uuid };
    }
    default:
      throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  }
}
