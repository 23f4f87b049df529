import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selfSignedCertificatePem } from './self-signed-cert.ts';

/**
 * The key that signs registry tokens, with what the registry needs to trust it: a certificate
 * for its `rootcertbundle`, and the libtrust key id that the token header's `kid` must carry
 * (the registry looks the signer up by that id among the bundle's keys).
 */
export interface RegistryTokenKey {
  privateKey: KeyObject;
  kid: string;
  certificatePem: string;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * libtrust's key id (docker/libtrust keyIDFromCryptoKey): the first 240 bits of the SHA-256 of
 * the DER public key, base32, in 12 groups of 4 joined by `:`.
 */
export function libtrustKeyId(publicKey: KeyObject): string {
  const digest = createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest();
  return base32(digest.subarray(0, 30)).match(/.{4}/g)!.join(':');
}

export function registryTokenKeyFromPem(pem: string): RegistryTokenKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('The registry token key must be an EC P-256 private key (PEM)');
  }
  const publicKey = createPublicKey(privateKey);
  return { privateKey, kid: libtrustKeyId(publicKey), certificatePem: selfSignedCertificatePem(privateKey, publicKey, 'Flotilla registry token signer') };
}

export function generateRegistryTokenKeyPem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export const generateRegistryTokenKey = (): RegistryTokenKey => registryTokenKeyFromPem(generateRegistryTokenKeyPem());

/**
 * REGISTRY_TOKEN_KEY_FILE, else a key generated once into the data dir (like jwt-secret), so
 * a restart keeps the registry's trust. The certificate is written beside it for the
 * registry's `rootcertbundle` (and served at GET /auth/v1/registry-cert).
 */
export function loadRegistryTokenKey(dataDir: string, keyFile?: string): RegistryTokenKey {
  const file = keyFile ?? join(dataDir, 'registry-token-key.pem');
  if (!keyFile && !existsSync(file)) writeFileSync(file, generateRegistryTokenKeyPem(), { mode: 0o600 });
  const key = registryTokenKeyFromPem(readFileSync(file, 'utf8'));
  writeFileSync(join(dataDir, 'registry-token-cert.pem'), key.certificatePem);
  return key;
}
