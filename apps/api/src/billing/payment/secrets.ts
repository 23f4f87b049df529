import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Random url-safe text of `bytes` random bytes. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex of a secret: what is stored instead of the secret. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `digest`, compared in constant time (both are fixed-length digests). */
export function matchesDigest(secret: string, digest: string): boolean {
  const a = Buffer.from(secretDigest(secret), 'hex');
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
