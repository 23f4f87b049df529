import { createHash, randomInt } from 'node:crypto';

/**
 * API key secrets (compat §3.2/§3.5): 32 random alphanumerics — never JWT-decodable, so
 * balena-auth classifies them as keys — stored only as their sha256 hex digest.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_LENGTH = 32;

export function generateApiKeySecret(): string {
  let key = '';
  for (let i = 0; i < API_KEY_LENGTH; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
