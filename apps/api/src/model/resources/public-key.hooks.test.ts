import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519Key } from '../../test/ssh-public-key.ts';
import { sshFingerprint } from './public-key.hooks.ts';

/** An OpenSSH line from length-prefixed fields (RFC 4253 §6.6). */
const line = (type: string, ...fields: Buffer[]) =>
  `${type} ${Buffer.concat([type, ...fields].map((f) => {
    const bytes = typeof f === 'string' ? Buffer.from(f) : f;
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  })).toString('base64')} me@laptop`;

function rsaLine(): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' });
  // mpints: a leading zero byte keeps the modulus positive.
  return line('ssh-rsa', Buffer.from(jwk.e!, 'base64url'), Buffer.concat([Buffer.from([0]), Buffer.from(jwk.n!, 'base64url')]));
}

describe('sshFingerprint', () => {
  it('fingerprints whole ed25519 and RSA keys as ssh-keygen -l does', () => {
    const key = ed25519Key();
    expect(sshFingerprint(key.publicKey)).toBe(key.fingerprint);
    expect(sshFingerprint(rsaLine())).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('refuses a truncated, padded or mislabelled key blob', () => {
    const rsa = rsaLine();
    const [type, blob] = rsa.split(' ') as [string, string];
    const bytes = Buffer.from(blob, 'base64');
    // The probe's key: the type, then a modulus declared 257 bytes long holding one.
    expect(sshFingerprint('ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 probe')).toBeNull();
    expect(sshFingerprint(`${type} ${bytes.subarray(0, bytes.length - 10).toString('base64')}`)).toBeNull();
    expect(sshFingerprint(`${type} ${Buffer.concat([bytes, Buffer.from([0, 0, 0, 0])]).toString('base64')}`)).toBeNull();
    expect(sshFingerprint(`ssh-ed25519 ${blob}`)).toBeNull();
    expect(sshFingerprint(line('ssh-ed25519', Buffer.alloc(31, 1)))).toBeNull();
    expect(sshFingerprint(line('ecdsa-sha2-nistp256', Buffer.from('nistp384'), Buffer.alloc(65, 4)))).toBeNull();
  });
});
