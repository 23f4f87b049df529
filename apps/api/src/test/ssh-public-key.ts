// A real OpenSSH public key for the suites that add SSH keys (the server parses and fingerprints
// what it is given, so a made-up string would be refused).
import { createHash, generateKeyPairSync } from 'node:crypto';

/** A fresh ed25519 public key in OpenSSH form, and the fingerprint `ssh-keygen -l` prints for it. */
export function ed25519Key(comment = 'me@laptop'): { publicKey: string; fingerprint: string } {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  // SSH wire format: each field is a 4-byte big-endian length followed by the bytes.
  const field = (b: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(b.length);
    return Buffer.concat([length, b]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return {
    publicKey: `ssh-ed25519 ${blob.toString('base64')} ${comment}`,
    fingerprint: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
  };
}
