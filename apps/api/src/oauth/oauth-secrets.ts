import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The random values of the OAuth grant and how they are kept: a client id (public), a client
 * secret and an authorization code (both stored only as their sha256 hex digest, like API keys).
 */

/** 20 URL-safe characters: the application's public identifier, in the consent page's path. */
export function generateClientId(): string {
  return randomBytes(15).toString('base64url');
}

/** 256 bits, shown once when the application is registered. */
export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** 256 bits: guessing one within its ten minutes is out of reach. */
export function generateAuthorizationCode(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares a presented secret with a stored digest in constant time. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const presented = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge. */
export function pkceS256Matches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
