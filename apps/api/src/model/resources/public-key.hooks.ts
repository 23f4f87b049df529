import { createHash } from 'node:crypto';
import { badRequest } from '../../lib/errors.ts';
import type { ResourceHooks, Values } from '../types.ts';

const KEY_PATTERN =
  /^(ssh-rsa|ssh-dss|ssh-ed25519|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521) ([A-Za-z0-9+/]+={0,3})( .*)?$/;

/** `SHA256:<base64 without padding>` of the key blob, as `ssh-keygen -l` prints it. */
export function sshFingerprint(publicKey: string): string | null {
  const m = KEY_PATTERN.exec(publicKey.trim());
  if (!m) return null;
  const digest = createHash('sha256').update(Buffer.from(m[2]!, 'base64')).digest('base64');
  return `SHA256:${digest.replace(/=+$/, '')}`;
}

/** SSH keys (fleets spec §5 "SSH key"): title and a supported key type are required. */
export const publicKeyHooks: ResourceHooks = {
  beforeCreate(values: Values) {
    if (typeof values.title !== 'string' || values.title.trim() === '') throw badRequest('A title is required');
    if (typeof values.public_key !== 'string') throw badRequest('A public key is required');
    const fingerprint = sshFingerprint(values.public_key);
    if (!fingerprint) throw badRequest('Invalid public key: expected rsa, dss, ed25519 or ecdsa (nistp256/384/521)');
    return { ...values, public_key: values.public_key.trim(), fingerprint };
  },
};
