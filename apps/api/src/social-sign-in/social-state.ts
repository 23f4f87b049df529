import { createHmac, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SocialProvider } from '@flotilla/core/social-sign-in';
import type { SocialChecks } from './social-providers.ts';

/**
 * What ties a provider's answer to the browser that started the sign-in: state, the PKCE
 * verifier and the nonce, in an HttpOnly cookie signed with the server's secret, scoped to
 * `/auth` and alive 10 minutes. The callback accepts the provider's answer only with this
 * cookie and the same state, so a link carrying someone else's code (login CSRF: signing the
 * victim into the attacker's account) finds no cookie to match. Kept in the cookie rather than
 * the database: nothing to store or sweep, and every API replica can check it.
 */
export const SOCIAL_STATE_COOKIE = 'flotilla_social_sign_in';
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;

interface StatePayload extends SocialChecks {
  provider: SocialProvider;
  /** Expiry, ms since epoch: the cookie's Max-Age is only the browser's promise. */
  exp: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(`social-sign-in:${payload}`).digest('base64url');
}

export function newSocialChecks(): SocialChecks {
  return { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
}

/** The Set-Cookie value that starts a sign-in with `provider`. */
export function stateCookie(provider: SocialProvider, checks: SocialChecks, secret: string, secure: boolean, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ provider, ...checks, exp: now + SOCIAL_STATE_TTL_MS } satisfies StatePayload)).toString('base64url');
  return `${SOCIAL_STATE_COOKIE}=${payload}.${sign(payload, secret)}; Path=/auth; Max-Age=${SOCIAL_STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that ends it (used or not). */
export function clearedStateCookie(secure: boolean): string {
  return `${SOCIAL_STATE_COOKIE}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The checks of the sign-in this browser started with `provider`, or null (absent, forged, expired, another provider). */
export function readStateCookie(cookieHeader: string | undefined, provider: SocialProvider, secret: string, now = Date.now()): SocialChecks | null {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SOCIAL_STATE_COOKIE}=`))
    ?.slice(SOCIAL_STATE_COOKIE.length + 1);
  const [payload, signature, ...rest] = value?.split('.') ?? [];
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: StatePayload;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as StatePayload;
  } catch {
    return null;
  }
  if (parsed.provider !== provider || typeof parsed.exp !== 'number' || parsed.exp <= now) return null;
  return { state: parsed.state, codeVerifier: parsed.codeVerifier, nonce: parsed.nonce };
}
