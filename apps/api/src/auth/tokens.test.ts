import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { TokenError, issueSessionToken, looksLikeJwt, verifySessionToken, type SessionClaims } from './tokens.ts';
import { API_KEY_LENGTH, generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';

const claims: SessionClaims = { id: 7, actor: 12, username: 'alice', email: 'alice@example.com', jwt_secret: 'abc', authTime: 1_700_000_000_000 };
const secret = 'test-secret';

describe('session tokens', () => {
  it('round-trips the claims with iat and exp from the ttl', async () => {
    const token = await issueSessionToken(claims, { secret, ttlSeconds: 3600, now: 1_000 });
    const v = await verifySessionToken(token, secret, 2_000);
    expect(v).toEqual({ ...claims, iat: 1_000, exp: 4_600 });
    expect(looksLikeJwt(token)).toBe(true);
  });
  it('reports an expired token as expired', async () => {
    const token = await issueSessionToken(claims, { secret, ttlSeconds: 10, now: 1_000 });
    await expect(verifySessionToken(token, secret, 1_011)).rejects.toEqual(new TokenError('expired'));
  });
  it('reports a wrong signature as malformed', async () => {
    const token = await issueSessionToken(claims, { secret: 'other', ttlSeconds: 10 });
    await expect(verifySessionToken(token, secret)).rejects.toMatchObject({ reason: 'malformed' });
  });
  it('reports a tampered payload as malformed', async () => {
    const token = await issueSessionToken(claims, { secret, ttlSeconds: 100 });
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, id: 1, iat: 1, exp: 9_999_999_999 })).toString('base64url');
    await expect(verifySessionToken(`${h}.${forged}.${s}`, secret)).rejects.toMatchObject({ reason: 'malformed' });
  });
  it('refuses the session claims under another algorithm, or under none', async () => {
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));
    await expect(verifySessionToken(hs512, secret)).rejects.toMatchObject({ reason: 'malformed' });
    const [, payload] = (await issueSessionToken(claims, { secret, ttlSeconds: 100 })).split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect(verifySessionToken(`${none}.${payload}.`, secret)).rejects.toMatchObject({ reason: 'malformed' });
  });
  it('refuses a correctly signed token without the session claims', async () => {
    const token = await new SignJWT({ id: 'x' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));
    await expect(verifySessionToken(token, secret)).rejects.toMatchObject({ reason: 'malformed' });
  });
  it('keeps the actualUser claim of a login-as-user session and refuses a non-numeric one', async () => {
    const token = await issueSessionToken({ ...claims, actualUser: 3, actualUserSecret: 'admin-secret' }, { secret, ttlSeconds: 100, now: 1_000 });
    expect(await verifySessionToken(token, secret, 1_001)).toMatchObject({ id: 7, actualUser: 3, actualUserSecret: 'admin-secret' });
    const badSecret = await new SignJWT({ ...claims, actualUser: 3, actualUserSecret: 5 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));
    await expect(verifySessionToken(badSecret, secret)).rejects.toMatchObject({ reason: 'malformed' });
    const bad = await new SignJWT({ ...claims, actualUser: '3' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));
    await expect(verifySessionToken(bad, secret)).rejects.toMatchObject({ reason: 'malformed' });
  });
  it('classifies non-JWT strings', () => {
    expect(looksLikeJwt('a.b.c')).toBe(false);
    expect(looksLikeJwt('abcdef')).toBe(false);
  });
});

describe('api key secrets', () => {
  it('are 32 alphanumerics, unique and not JWT-shaped', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKeySecret));
    expect(keys.size).toBe(200);
    for (const k of keys) {
      expect(k).toMatch(new RegExp(`^[A-Za-z0-9]{${API_KEY_LENGTH}}$`));
      expect(looksLikeJwt(k)).toBe(false);
    }
  });
  it('hash to sha256 hex', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
