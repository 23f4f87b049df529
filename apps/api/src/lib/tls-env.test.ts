// TLS_CERT / TLS_KEY / TLS_CA / DELTA_URL in the environment (lib/env.ts, lib/tls-files.ts):
// both or neither, readable PEM files whose key matches, and the CA devices are told to trust.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { makeTlsFixture } from '../test/tls-fixture.ts';

const served = makeTlsFixture();
const other = makeTlsFixture();
afterAll(() => {
  served.remove();
  other.remove();
});

describe('TLS environment', () => {
  it('is plain http without TLS_CERT and TLS_KEY', () => {
    const env = parseEnv({});
    expect(env.tls).toBeUndefined();
    expect(env.deviceRootCaPem).toBeUndefined();
  });

  it('reads the pair, and a self-signed certificate is the CA devices trust', () => {
    const env = parseEnv({ TLS_CERT: served.certPath, TLS_KEY: served.keyPath });
    expect(env.tls?.cert.toString()).toBe(served.certPem);
    expect(env.tls?.key.toString()).toBe(served.keyPem);
    expect(env.deviceRootCaPem).toBe(served.certPem);
  });

  it('takes TLS_CA over the served certificate, also without TLS_CERT (behind a proxy)', () => {
    expect(parseEnv({ TLS_CERT: served.certPath, TLS_KEY: served.keyPath, TLS_CA: other.certPath }).deviceRootCaPem).toBe(other.certPem);
    const proxied = parseEnv({ TLS_CA: other.certPath });
    expect(proxied.tls).toBeUndefined();
    expect(proxied.deviceRootCaPem).toBe(other.certPem);
  });

  it('refuses one without the other, naming the missing one', () => {
    expect(() => parseEnv({ TLS_CERT: served.certPath })).toThrow(/TLS_KEY: TLS_CERT and TLS_KEY must be set together/);
    expect(() => parseEnv({ TLS_KEY: served.keyPath })).toThrow(/TLS_CERT: TLS_CERT and TLS_KEY must be set together/);
  });

  it('refuses a missing file, a file that is not PEM, and a key of another certificate, without printing the key', () => {
    expect(() => parseEnv({ TLS_CERT: join(served.certPath, 'nope'), TLS_KEY: served.keyPath })).toThrow(/TLS_CERT: cannot read .*nope/);
    expect(() => parseEnv({ TLS_CERT: served.keyPath, TLS_KEY: served.keyPath })).toThrow(/TLS_CERT: .* is not a PEM certificate/);
    const notKey = join(served.certPath, '..', 'not-a-key.pem');
    writeFileSync(notKey, 'hello');
    expect(() => parseEnv({ TLS_CERT: served.certPath, TLS_KEY: notKey })).toThrow(/TLS_KEY: .* is not a PEM private key/);
    // Named, and the key's content never printed.
    expect(() => parseEnv({ TLS_CERT: served.certPath, TLS_KEY: other.keyPath })).toThrow(/^(?![\s\S]*PRIVATE KEY)[\s\S]*TLS_KEY: .* is not the private key of the certificate in TLS_CERT/);
    expect(() => parseEnv({ TLS_CA: served.keyPath })).toThrow(/TLS_CA: .* is not a PEM certificate/);
  });

  it('takes DELTA_URL only as an http(s) URL', () => {
    expect(parseEnv({ DELTA_URL: 'https://delta.example.org' }).DELTA_URL).toBe('https://delta.example.org');
    expect(() => parseEnv({ DELTA_URL: 'delta.example.org' })).toThrow(/DELTA_URL: must be an http:\/\/ or https:\/\/ URL/);
  });
});
