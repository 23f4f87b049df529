import { createHash } from 'node:crypto';
import { badRequest } from '../../lib/errors.ts';
import type { ResourceHooks, Values } from '../types.ts';

const KEY_PATTERN =
  /^(ssh-rsa|ssh-dss|ssh-ed25519|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521) ([A-Za-z0-9+/]+={0,3})( .*)?$/;

/** How many length-prefixed fields follow the type name in each kind of key blob (RFC 4253 §6.6, RFC 8709, RFC 5656). */
const FIELDS_AFTER_TYPE: Record<string, number> = {
  'ssh-rsa': 2, // e, n
  'ssh-dss': 4, // p, q, g, y
  'ssh-ed25519': 1, // the 32-byte key
  'ecdsa-sha2-nistp256': 2, // curve name, point
  'ecdsa-sha2-nistp384': 2,
  'ecdsa-sha2-nistp521': 2,
};

/**
 * The blob's length-prefixed fields (uint32 length, then that many bytes), or null when a
 * length runs past the end: a truncated or padded key is not a key.
 */
function blobFields(blob: Buffer): Buffer[] | null {
  const fields: Buffer[] = [];
  for (let at = 0; at < blob.length; ) {
    if (at + 4 > blob.length) return null;
    const length = blob.readUInt32BE(at);
    if (at + 4 + length > blob.length) return null;
    fields.push(blob.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** True when the blob is a whole key of `type`: its own type name, then exactly that type's fields, none empty. */
function isWholeKey(type: string, blob: Buffer): boolean {
  const fields = blobFields(blob);
  if (!fields || fields[0]?.toString('latin1') !== type || fields.length !== 1 + (FIELDS_AFTER_TYPE[type] ?? -1)) return false;
  if (fields.slice(1).some((f) => f.length === 0)) return false;
  if (type === 'ssh-ed25519') return fields[1]!.length === 32;
  if (type.startsWith('ecdsa-sha2-')) return fields[1]!.toString('latin1') === type.slice('ecdsa-sha2-'.length);
  return true;
}

/** `SHA256:<base64 without padding>` of the key blob, as `ssh-keygen -l` prints it; null when it is not a whole key. */
export function sshFingerprint(publicKey: string): string | null {
  const m = KEY_PATTERN.exec(publicKey.trim());
  if (!m) return null;
  const blob = Buffer.from(m[2]!, 'base64');
  if (!isWholeKey(m[1]!, blob)) return null;
  const digest = createHash('sha256').update(blob).digest('base64');
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
