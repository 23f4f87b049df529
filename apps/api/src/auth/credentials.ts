import type { AppConfig } from '../lib/config.ts';
import { unauthorized, type AppError } from '../lib/errors.ts';
import type { Principal } from './principal.ts';
import { TokenError, looksLikeJwt, verifySessionToken, type VerifiedSession } from './tokens.ts';
import type { CredentialReads } from './credential-reads.ts';
import { hashApiKey } from '../api-keys/api-key-secret.ts';

/** The client-facing texts (accounts spec §8, fleets spec §8 "SDK error texts"). */
export const AUTH_MESSAGES = {
  notLoggedIn: 'You have to log in',
  expired: 'The token expired',
  malformed: 'Malformed token',
  sessionInUrl: 'Session tokens are accepted only in the Authorization header',
} as const;

export interface ResolvedCredentials {
  principal: Principal;
  /** Present when the caller used a session JWT (refresh needs its authTime). */
  session?: VerifiedSession;
}

export interface ResolveOptions {
  /**
   * False for a credential taken from the URL (`?apikey=`): balena clients put only API keys
   * there (user, provisioning and device keys). A session JWT in a URL would leak into proxy
   * logs, browser history and Referer headers, so it is refused rather than resolved.
   */
  allowSession: boolean;
}

/**
 * Turns a bearer token or `?apikey=` value into a principal. Throws a 401 AppError with the
 * spec's text when the credential is malformed, expired, revoked or unknown.
 */
export async function resolveCredential(reads: CredentialReads, config: AppConfig, token: string, opts: ResolveOptions = { allowSession: true }): Promise<ResolvedCredentials> {
  if (!looksLikeJwt(token)) return resolveApiKey(reads, token);
  if (!opts.allowSession) throw unauthorized(AUTH_MESSAGES.sessionInUrl, 'session_token_in_url');
  return resolveSession(reads, config, token);
}

async function resolveSession(reads: CredentialReads, config: AppConfig, token: string): Promise<ResolvedCredentials> {
  let session: VerifiedSession;
  try {
    session = await verifySessionToken(token, config.jwtSecret);
  } catch (err) {
    throw tokenFailure(err);
  }
  const user = await reads.user(session.id);
  // A rotated jwt_secret (log out other sessions, password change) revokes older tokens.
  if (!user || user.actor !== session.actor || user.jwt_secret !== session.jwt_secret) {
    throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  }
  if (user.tokens_valid_after && session.authTime < new Date(user.tokens_valid_after).getTime()) {
    throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  }
  // A login-as-user session (staff/login-as.service.ts) stands on its admin as much as on its
  // target: it ends once the admin is gone or no longer a platform admin (else it would outlive
  // the demotion, refreshed for ever), and with the admin's own revoked sign-ins (a rotated
  // jwt_secret: "log out other sessions", password change; tokens_valid_after).
  if (session.actualUser !== undefined) {
    const admin = await reads.user(session.actualUser);
    if (!admin || !admin.is_platform_admin || admin.jwt_secret !== session.actualUserSecret) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
    if (admin.tokens_valid_after && session.authTime < new Date(admin.tokens_valid_after).getTime()) {
      throw unauthorized(AUTH_MESSAGES.notLoggedIn);
    }
  }
  return {
    session,
    principal: {
      kind: 'user',
      actorId: user.actor,
      userId: user.id,
      username: user.username,
      email: user.email,
      via: 'jwt',
      isAdmin: user.is_platform_admin,
      isSupportAgent: user.is_support_agent,
    },
  };
}

async function resolveApiKey(reads: CredentialReads, key: string): Promise<ResolvedCredentials> {
  const row = await reads.apiKeyOwner(hashApiKey(key));
  if (!row) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  if (row.expiry_date !== null && new Date(row.expiry_date).getTime() <= Date.now()) {
    throw unauthorized(AUTH_MESSAGES.expired);
  }
  if (row.user_id !== null) {
    return {
      principal: {
        kind: 'user',
        actorId: row.actor,
        userId: row.user_id,
        username: row.username ?? '',
        email: row.email,
        via: 'api_key',
        isAdmin: row.is_platform_admin ?? false,
        isSupportAgent: row.is_support_agent ?? false,
      },
    };
  }
  if (row.application_id !== null) {
    return { principal: { kind: 'application', actorId: row.actor, applicationId: row.application_id } };
  }
  if (row.device_id !== null) {
    return { principal: { kind: 'device', actorId: row.actor, deviceId: row.device_id, applicationId: row.device_application_id, uuid: row.device_uuid ?? undefined, isFrozen: row.device_is_frozen === true } };
  }
  // An actor whose owner is gone: the key no longer stands for anyone.
  throw unauthorized(AUTH_MESSAGES.notLoggedIn);
}

function tokenFailure(err: unknown): AppError {
  if (err instanceof TokenError && err.reason === 'expired') return unauthorized(AUTH_MESSAGES.expired);
  return unauthorized(AUTH_MESSAGES.malformed);
}
