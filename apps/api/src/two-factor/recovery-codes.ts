import { createHash, randomInt } from 'node:crypto';

/**
 * Two-factor recovery codes (accounts §3 "Recovery codes"): shown once, stored as SHA-256
 * hashes (each code carries ~50 bits of randomness, so a fast hash is enough; a slow one
 * would make the single-use lookup a scan). Format `xxxxx-xxxxx` from an alphabet without
 * look-alike characters; input is compared case-insensitively with dashes and spaces ignored.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

export function generateRecoveryCode(): string {
  const pick = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateRecoveryCode());
  return [...codes];
}

export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, '');
}

export function hashRecoveryCode(input: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(input)).digest('hex');
}
