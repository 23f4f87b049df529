import { createSigner, createVerifier, TokenError as FastJwtError } from 'fast-jwt';
import { decodeJwt } from 'jose';

/**
 * Session tokens (compat §3.2, accounts spec §3): HS256 JWTs signed with the server secret.
 * `jwt_secret` is the user's revocation secret — rotating it in the database invalidates
 * every token issued before; `authTime` (ms) is when the password was last proven.
 * `twoFactorRequired` only for users with 2FA enabled: `true` = second factor pending (the
 * token opens only the verify routes and whoami), `false` = passed. Absent = "not required".
 */
export interface SessionClaims {
  /** User id. */
  id: number;
  /** The user's actor id. */
  actor: number;
  username: string;
  email: string | null;
  jwt_secret: string;
  /** Milliseconds since epoch of the last password proof. */
  authTime: number;
  twoFactorRequired?: boolean;
  /** Login-as-user (accounts spec §3, §6): the id of the platform admin acting as this user. */
  actualUser?: number;
  /**
   * With actualUser: that admin's own revocation secret (`jwt_secret`) when the session was
   * opened, so the admin's "log out other sessions" or password change ends it too.
   */
  actualUserSecret?: string;
}

export interface VerifiedSession extends SessionClaims {
  iat: number;
  exp: number;
}

export interface IssueOptions {
  secret: string;
  ttlSeconds: number;
  /** Seconds since epoch; defaults to now. */
  now?: number;
}

/** Why a token was refused; the plugin maps each to the spec's message (accounts §8). */
export class TokenError extends Error {
  constructor(readonly reason: 'malformed' | 'expired') {
    super(reason);
    this.name = 'TokenError';
  }
}

/**
 * Signing and verification by fast-jwt, which computes HS256 with node:crypto's synchronous HMAC:
 * a session check is ~8 µs, against ~55 µs through WebCrypto's job queue (jose's way in Node),
 * and every authenticated request makes one (issue 16 W11: a dashboard batch action is one
 * request per device). A verifier is kept per signing secret; a process has one or two (the
 * server's, a test's), so the map stays tiny.
 */
const verifiers = new Map<string, (token: string) => Record<string, unknown>>();
function verifierFor(secret: string, now?: number): (token: string) => Record<string, unknown> {
  const options = { key: secret, algorithms: ['HS256' as const] };
  if (now !== undefined) return createVerifier({ ...options, clockTimestamp: now * 1000 });
  let verify = verifiers.get(secret);
  if (!verify) {
    verify = createVerifier(options);
    verifiers.set(secret, verify);
  }
  return verify;
}

export async function issueSessionToken(claims: SessionClaims, opts: IssueOptions): Promise<string> {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const sign = createSigner({ key: opts.secret, algorithm: 'HS256' as const, clockTimestamp: now * 1000, expiresIn: opts.ttlSeconds * 1000 });
  return sign({ ...claims });
}

/**
 * True when the string is shaped like a JWT the way balena-auth classifies it (three parts,
 * a decodable JSON payload). Anything else is treated as an opaque API key.
 */
export function looksLikeJwt(token: string): boolean {
  if (token.split('.').length !== 3) return false;
  try {
    decodeJwt(token);
    return true;
  } catch {
    return false;
  }
}

/** Verifies signature, algorithm and `exp`; throws TokenError('expired' | 'malformed'). */
export async function verifySessionToken(token: string, secret: string, now?: number): Promise<VerifiedSession> {
  let payload: Record<string, unknown>;
  try {
    payload = verifierFor(secret, now)(token);
  } catch (err) {
    if (err instanceof FastJwtError && err.code === FastJwtError.codes.expired) throw new TokenError('expired');
    throw new TokenError('malformed');
  }
  const { id, actor, username, email, jwt_secret, authTime, iat, exp } = payload;
  if (
    typeof id !== 'number' ||
    typeof actor !== 'number' ||
    typeof username !== 'string' ||
    (email !== null && typeof email !== 'string') ||
    typeof jwt_secret !== 'string' ||
    typeof authTime !== 'number' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    (payload.twoFactorRequired !== undefined && typeof payload.twoFactorRequired !== 'boolean') ||
    (payload.actualUser !== undefined && typeof payload.actualUser !== 'number') ||
    (payload.actualUserSecret !== undefined && typeof payload.actualUserSecret !== 'string')
  ) {
    throw new TokenError('malformed');
  }
  const verified: VerifiedSession = { id, actor, username, email, jwt_secret, authTime, iat, exp };
  if (typeof payload.twoFactorRequired === 'boolean') verified.twoFactorRequired = payload.twoFactorRequired;
  if (typeof payload.actualUser === 'number') verified.actualUser = payload.actualUser;
  if (typeof payload.actualUserSecret === 'string') verified.actualUserSecret = payload.actualUserSecret;
  return verified;
}
