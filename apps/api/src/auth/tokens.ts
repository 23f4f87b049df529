import { webcrypto } from 'node:crypto';
import { SignJWT, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';

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

const encoder = new TextEncoder();

/**
 * The HMAC key of each signing secret, imported once: jose imports raw key bytes into a
 * WebCrypto key on every call, which was ~3/4 of a session check's cost (~200 µs against
 * ~50 µs with the key kept; issue 16 W11, every `/supervisor` call of a batch is one check).
 * A process has one or two secrets (the server's, a test's), so the map stays tiny.
 */
const hmacKeys = new Map<string, Promise<webcrypto.CryptoKey>>();
function hmacKey(secret: string): Promise<webcrypto.CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
    // A secret WebCrypto refuses (empty) fails each call, as before, rather than once for good.
    key.catch(() => hmacKeys.delete(secret));
  }
  return key;
}

export async function issueSessionToken(claims: SessionClaims, opts: IssueOptions): Promise<string> {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + opts.ttlSeconds)
    .sign(await hmacKey(opts.secret));
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
    ({ payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      ...(now !== undefined ? { currentDate: new Date(now * 1000) } : {}),
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new TokenError('expired');
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
    (payload.actualUser !== undefined && typeof payload.actualUser !== 'number')
  ) {
    throw new TokenError('malformed');
  }
  const verified: VerifiedSession = { id, actor, username, email, jwt_secret, authTime, iat, exp };
  if (typeof payload.twoFactorRequired === 'boolean') verified.twoFactorRequired = payload.twoFactorRequired;
  if (typeof payload.actualUser === 'number') verified.actualUser = payload.actualUser;
  return verified;
}
