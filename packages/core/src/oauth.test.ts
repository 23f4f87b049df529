import { describe, expect, it } from 'vitest';
import { CODE_CHALLENGE_PATTERN, CODE_VERIFIER_PATTERN, oauthAccessTokenName, oauthReturnUrl, redirectHost, redirectUriProblem } from './oauth.ts';
import { createOAuthApplicationBody, oauthAuthorizeBody } from './schemas/oauth.ts';

describe('redirectUriProblem', () => {
  it('accepts https anywhere and http only on this machine', () => {
    expect(redirectUriProblem('https://app.example.com/callback')).toBeNull();
    expect(redirectUriProblem('https://app.example.com:8443/cb?tenant=a')).toBeNull();
    expect(redirectUriProblem('http://localhost:3000/cb')).toBeNull();
    expect(redirectUriProblem('http://127.0.0.1:49152/cb')).toBeNull();
    expect(redirectUriProblem('http://app.example.com/cb')).toBe('insecure');
    expect(redirectUriProblem('http://10.0.0.8/cb')).toBe('insecure');
    // A host that merely starts with a loopback name is somebody else's.
    expect(redirectUriProblem('http://localhost.evil.example/cb')).toBe('insecure');
    expect(redirectUriProblem('http://127.0.0.1.nip.io/cb')).toBe('insecure');
  });

  it('refuses what is not an absolute http(s) URL, fragments and credentials', () => {
    for (const bad of ['', 'callback', '/cb', 'ftp://example.com/cb', 'javascript:alert(1)', 'https:/example.com', 'https://', `https://example.com/${'a'.repeat(2100)}`]) {
      expect(redirectUriProblem(bad), bad).toBe('invalid');
    }
    expect(redirectUriProblem('https://app.example.com/cb#x')).toBe('fragment');
    expect(redirectUriProblem('https://app.example.com/cb#')).toBe('fragment');
    expect(redirectUriProblem('https://user:pw@app.example.com/cb')).toBe('credentials');
  });
});

describe('oauthReturnUrl', () => {
  it('adds the code and the state to the registered URI, keeping its own query', () => {
    const url = new URL(oauthReturnUrl('https://app.example.com/cb?tenant=a', { code: 'c0de' }, 'x y&z'));
    expect(url.origin + url.pathname).toBe('https://app.example.com/cb');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tenant: 'a', code: 'c0de', state: 'x y&z' });
  });

  it('answers a refusal with access_denied and leaves out an empty state', () => {
    const url = new URL(oauthReturnUrl('http://127.0.0.1:5000/cb', { error: 'access_denied' }, ''));
    expect(Object.fromEntries(url.searchParams)).toEqual({ error: 'access_denied' });
  });
});

describe('PKCE patterns', () => {
  it('holds verifiers to 43–128 unreserved characters and challenges to 43 base64url', () => {
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(43))).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test('A-._~9'.repeat(21) + 'xx')).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(42))).toBe(false);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(129))).toBe(false);
    expect(CODE_VERIFIER_PATTERN.test(`${'a'.repeat(42)}+`)).toBe(false);
    expect(CODE_CHALLENGE_PATTERN.test('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(CODE_CHALLENGE_PATTERN.test('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM=')).toBe(false);
  });
});

describe('request schemas', () => {
  it('authorize needs a client and response_type code; S256 is the only method and needs a challenge', () => {
    expect(oauthAuthorizeBody.safeParse({ client_id: 'abc', response_type: 'code' }).success).toBe(true);
    expect(oauthAuthorizeBody.safeParse({ client_id: 'abc', response_type: 'token' }).success).toBe(false);
    expect(oauthAuthorizeBody.safeParse({ response_type: 'code' }).success).toBe(false);
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    expect(oauthAuthorizeBody.safeParse({ client_id: 'abc', response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }).success).toBe(true);
    expect(oauthAuthorizeBody.safeParse({ client_id: 'abc', response_type: 'code', code_challenge: challenge, code_challenge_method: 'plain' }).success).toBe(false);
    expect(oauthAuthorizeBody.safeParse({ client_id: 'abc', response_type: 'code', code_challenge_method: 'S256' }).success).toBe(false);
  });

  it('registration trims the name and explains a refused redirect URI', () => {
    const ok = createOAuthApplicationBody.safeParse({ name: '  My app ', redirect_uri: 'https://app.example.com/cb' });
    expect(ok.success && ok.data.name).toBe('My app');
    const bad = createOAuthApplicationBody.safeParse({ name: 'x', redirect_uri: 'http://app.example.com/cb' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/https/);
  });
});

describe('oauthAccessTokenName', () => {
  it('names the token after the application, within the key name limit', () => {
    expect(oauthAccessTokenName('Grafana')).toBe('OAuth: Grafana');
    expect(oauthAccessTokenName('x'.repeat(300))).toHaveLength(200);
  });
});

describe('redirectHost', () => {
  it('names the host and port, or the text itself when it is no URL', () => {
    expect(redirectHost('https://app.example.com/cb?x=1')).toBe('app.example.com');
    expect(redirectHost('http://127.0.0.1:8080/cb')).toBe('127.0.0.1:8080');
    expect(redirectHost('not a url')).toBe('not a url');
  });
});
