import { readFileSync } from 'node:fs';
import { X509Certificate, createPrivateKey } from 'node:crypto';

/**
 * The certificate files of TLS_CERT / TLS_KEY / TLS_CA (README "Environment", docs/real-devices.md),
 * read once at start by lib/env.ts. A file that is missing, unreadable or not PEM is a bad value
 * like any other: the start stops with a message naming the variable and the path, never the
 * file's content (TLS_KEY is a secret).
 */

/** What the server presents when it serves https itself (Fastify's `https` option). */
export interface ServerTls {
  /** PEM certificate chain, leaf first. */
  cert: Buffer;
  /** PEM private key of the leaf. */
  key: Buffer;
}

/** A problem with one variable's file; lib/env.ts reports it under that variable's name. */
export class TlsFileError extends Error {
  constructor(
    readonly variable: 'TLS_CERT' | 'TLS_KEY' | 'TLS_CA',
    message: string,
  ) {
    super(message);
  }
}

function readFile(variable: TlsFileError['variable'], path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new TlsFileError(variable, `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
}

/** The first certificate of a PEM file (a chain's leaf). */
function certificateIn(variable: TlsFileError['variable'], path: string): { pem: Buffer; certificate: X509Certificate } {
  const pem = readFile(variable, path);
  try {
    return { pem, certificate: new X509Certificate(pem) };
  } catch {
    throw new TlsFileError(variable, `${path} is not a PEM certificate`);
  }
}

function isSelfSigned(certificate: X509Certificate): boolean {
  return certificate.subject === certificate.issuer && certificate.verify(certificate.publicKey);
}

/** TLS_CERT and TLS_KEY: readable PEM, and the key is the certificate's. */
export function readServerTls(certPath: string, keyPath: string): ServerTls {
  const { pem: cert, certificate } = certificateIn('TLS_CERT', certPath);
  const key = readFile('TLS_KEY', keyPath);
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new TlsFileError('TLS_KEY', `${keyPath} is not a PEM private key (encrypted keys are not supported)`);
  }
  if (!certificate.checkPrivateKey(privateKey)) throw new TlsFileError('TLS_KEY', `${keyPath} is not the private key of the certificate in TLS_CERT`);
  return { cert, key };
}

/**
 * The CA a device must trust to reach the API, written base64 into config.json's `balenaRootCA`
 * (compat §5.1; balenaOS adds it to the trust store of the supervisor and os-config):
 * TLS_CA when set (a private CA, also behind a reverse proxy), else the served certificate when
 * it is self-signed (nothing else could verify it), else none: a publicly trusted certificate
 * needs nothing, and a device that trusts an extra CA for no reason is worse off.
 */
export function deviceRootCaPem(caPath: string | undefined, served: ServerTls | undefined): string | undefined {
  if (caPath) return certificateIn('TLS_CA', caPath).pem.toString('utf8');
  if (!served) return undefined;
  const leaf = new X509Certificate(served.cert);
  return isSelfSigned(leaf) ? leaf.toString() : undefined;
}
