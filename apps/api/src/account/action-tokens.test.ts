import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { TOKEN_TTL_MS, generateActionToken, hashActionToken } from './action-tokens.ts';
import { passwordResetLink, verificationLink } from './account-links.ts';
import { defaultConfig } from '../lib/config.ts';

describe('action tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, generateActionToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their sha256 in hex', () => {
    expect(hashActionToken('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
    expect(hashActionToken('abc')).toHaveLength(64);
  });

  it('live 24 hours for verification and email change, 1 hour for a reset', () => {
    expect(TOKEN_TTL_MS).toEqual({ 'verify-email': 86_400_000, 'change-email': 86_400_000, 'password-reset': 3_600_000 });
  });
});

describe('links', () => {
  it('use PUBLIC_URL without a trailing slash and encode token and email', () => {
    const config = defaultConfig({ publicUrl: 'https://fleet.example.com/' });
    expect(verificationLink(config, 'a-b_c', 'x+y@example.com')).toBe('https://fleet.example.com/user/verify-email?token=a-b_c&email=x%2By%40example.com');
    expect(passwordResetLink(config, 'code/1')).toBe('https://fleet.example.com/user/reset-password/code%2F1');
  });

  it('fall back to the default local address, never to a request Host header', () => {
    expect(passwordResetLink(defaultConfig(), 'c')).toBe('http://localhost:8080/user/reset-password/c');
    // Without PUBLIC_URL, on the port the server listens on.
    expect(passwordResetLink({ ...defaultConfig(), listenPort: 4640 }, 'c')).toBe('http://localhost:4640/user/reset-password/c');
    expect(passwordResetLink({ ...defaultConfig(), listenPort: 4640, publicUrl: 'https://dash.example.com/' }, 'c')).toBe('https://dash.example.com/user/reset-password/c');
  });
});
