/**
 * SSH key rules of the add and import forms (accounts spec §5 "SSH key"). The server checks the
 * same key types again and computes the fingerprint (api model/resources/public-key.hooks.ts).
 */

export const SSH_KEY_TYPES = [
  'ssh-rsa',
  'ssh-dss',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
] as const;

const KEY_PATTERN = new RegExp(`^(${SSH_KEY_TYPES.join('|')}) [A-Za-z0-9+/]+={0,3}( .*)?$`);

export const SSH_KEY_MESSAGES = {
  titleRequired: 'The key title is mandatory!',
  keyRequired: 'The key is mandatory!',
  keyInvalid: `Unsupported key: it must start with one of ${SSH_KEY_TYPES.join(', ')}, followed by the key data`,
} as const;

export function validateSshKeyTitle(title: string): string | null {
  return title.trim() === '' ? SSH_KEY_MESSAGES.titleRequired : null;
}

export function validateSshPublicKey(key: string): string | null {
  const trimmed = key.trim();
  if (trimmed === '') return SSH_KEY_MESSAGES.keyRequired;
  return KEY_PATTERN.test(trimmed) ? null : SSH_KEY_MESSAGES.keyInvalid;
}

/** The type and base64 blob of a key: two keys are the same key whatever their comment. */
export function keyIdentity(key: string): string {
  return key.trim().split(/\s+/).slice(0, 2).join(' ');
}
