import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificatePem } from '../registry/self-signed-cert.ts';

/** The host name the test certificate is for: clients connect to 127.0.0.1 and verify this name. */
export const TLS_TEST_SERVERNAME = 'localhost';

/**
 * A self-signed certificate and its key as PEM files (what an operator points TLS_CERT/TLS_KEY at),
 * and the client options that trust it: `ca` + `servername`, as a device given `balenaRootCA` has.
 */
export interface TlsFixture {
  certPath: string;
  keyPath: string;
  certPem: string;
  keyPem: string;
  client: { ca: string; servername: string };
  remove(): void;
}

export function makeTlsFixture(): TlsFixture {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const certPem = selfSignedCertificatePem(privateKey, publicKey, TLS_TEST_SERVERNAME);
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-tls-'));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  writeFileSync(certPath, certPem);
  writeFileSync(keyPath, keyPem, { mode: 0o600 });
  return { certPath, keyPath, certPem, keyPem, client: { ca: certPem, servername: TLS_TEST_SERVERNAME }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
