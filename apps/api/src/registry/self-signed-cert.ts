import { randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A minimal self-signed X.509 v3 certificate (DER by hand): the Docker distribution registry
 * takes its token signers only as certificates (`auth.token.rootcertbundle`), and node:crypto
 * can read certificates but not make them. Subject = issuer = `CN=<commonName>`, ECDSA P-256
 * with SHA-256, no extensions: the registry only takes the public key out of it.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const seq = (...c: Buffer[]) => tlv(0x30, ...c);
const set = (...c: Buffer[]) => tlv(0x31, ...c);
const int = (bytes: Buffer) => tlv(0x02, bytes);
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
/** ecdsa-with-SHA256 (1.2.840.10045.4.3.2) and commonName (2.5.4.3), pre-encoded. */
const ECDSA_SHA256 = seq(Buffer.from('06082a8648ce3d040302', 'hex'));
const COMMON_NAME = Buffer.from('0603550403', 'hex');

/** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050. */
function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

export function selfSignedCertificatePem(privateKey: KeyObject, publicKey: KeyObject, commonName: string, validDays = 3650): string {
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive and minimal
  const name = seq(set(seq(COMMON_NAME, utf8(commonName))));
  const now = Date.now();
  const tbs = seq(
    tlv(0xa0, int(Buffer.from([2]))), // v3
    int(serial),
    ECDSA_SHA256,
    name,
    seq(time(new Date(now - 60_000)), time(new Date(now + validDays * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const der = seq(tbs, ECDSA_SHA256, tlv(0x03, Buffer.from([0]), signature));
  const b64 = der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '');
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`;
}
