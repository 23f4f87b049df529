import { X509Certificate, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compactVerify, importX509 } from 'jose';
import { generateRegistryTokenKey, libtrustKeyId } from './token-signing-key.ts';
import { signRegistryToken } from './token.service.ts';
import { registryHost } from './registry-host.ts';

describe('registry token signing key', () => {
  it('comes with a self-signed certificate of its public key that verifies', () => {
    const key = generateRegistryTokenKey();
    const cert = new X509Certificate(key.certificatePem);
    expect(cert.subject).toBe('CN=Flotilla registry token signer');
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.export({ type: 'spki', format: 'der' })).toEqual(createPublicKey(key.privateKey).export({ type: 'spki', format: 'der' }));
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 86_400_000);
  });

  it('names the key in libtrust form: 12 groups of 4 base32 characters', () => {
    const key = generateRegistryTokenKey();
    expect(key.kid).toMatch(/^([A-Z2-7]{4}:){11}[A-Z2-7]{4}$/);
    expect(libtrustKeyId(createPublicKey(key.privateKey))).toBe(key.kid);
  });

  it('signs ES256 tokens with the kid that the certificate verifies', async () => {
    const key = generateRegistryTokenKey();
    const { token, expires_in } = await signRegistryToken(key, { subject: 'alice', service: 'registry.example.com', access: [{ type: 'repository', name: 'v2/abc', actions: ['pull'] }] });
    const { protectedHeader, payload } = await compactVerify(token, await importX509(key.certificatePem, 'ES256'));
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: key.kid });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: 'flotilla', sub: 'alice', aud: 'registry.example.com', access: [{ type: 'repository', name: 'v2/abc', actions: ['pull'] }] });
    expect((claims.exp as number) - (claims.iat as number)).toBe(expires_in);
  });
});

describe('registry host', () => {
  it("is REGISTRY_URL's host, else registry.<public host>", () => {
    expect(registryHost({ registryUrl: 'http://127.0.0.1:5000', publicUrl: 'https://flotilla.example.com' })).toBe('127.0.0.1:5000');
    expect(registryHost({ publicUrl: 'https://flotilla.example.com:8443' })).toBe('registry.flotilla.example.com');
    expect(registryHost({})).toBe('registry.localhost');
  });
});
