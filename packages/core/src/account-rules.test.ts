import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isPasswordOverLimit,
  isValidEmail,
  normalizeEmail,
  usernameBaseFromEmail,
  usernameCandidate,
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
} from './account-rules.ts';

describe('email rules', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'x@sub.domain.org'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(validateEmail(email)).toBeNull();
  });
  it.each(['', 'plain', 'a@b', '@b.com', 'a b@c.com', 'a@b .com', 'a@@b.com'])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(validateEmail(email)).not.toBeNull();
  });
  it('reports a missing email as required', () => {
    expect(validateEmail('  ')).toBe('Email is required');
  });
  it('normalizes case and whitespace', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
  });
  it('rejects overly long addresses', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });
});

describe('password rules', () => {
  it('enforces 8 to 64 characters inclusive', () => {
    expect(validatePassword('a'.repeat(7))).toMatch(/at least 8/);
    expect(validatePassword('a'.repeat(8))).toBeNull();
    expect(validatePassword('a'.repeat(64))).toBeNull();
    expect(validatePassword('a'.repeat(65))).toMatch(/at most 64/);
  });
  it('counts code points, not UTF-16 units', () => {
    expect(validatePassword('😀'.repeat(64))).toBeNull();
    expect(validatePassword('😀'.repeat(4))).not.toBeNull();
  });
  it('flags passwords over the limit', () => {
    expect(isPasswordOverLimit('a'.repeat(65))).toBe(true);
    expect(isPasswordOverLimit('a'.repeat(64))).toBe(false);
  });
  it('checks the confirmation', () => {
    expect(validatePasswordConfirmation('abcdefgh', 'abcdefgh')).toBeNull();
    expect(validatePasswordConfirmation('abcdefgh', 'abcdefgi')).toBe("Passwords don't match");
  });
  it('accepts exactly the lengths 8..64 (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 80, unit: 'grapheme-ascii' }), (p) => {
        expect(validatePassword(p) === null).toBe(p.length >= 8 && p.length <= 64);
      }),
    );
  });
});

describe('generated usernames', () => {
  it('derives a base from the local part', () => {
    expect(usernameBaseFromEmail('Alice.Smith+test@example.com')).toBe('alice_smith_test');
    expect(usernameBaseFromEmail('bob@example.com')).toBe('bob');
    expect(usernameBaseFromEmail('...@example.com')).toBe('user');
    expect(usernameBaseFromEmail(`${'a'.repeat(55)}.b@example.com`)).toBe('a'.repeat(55));
  });
  it('only yields [a-z0-9_] and never starts or ends with _ (property)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const base = usernameBaseFromEmail(email);
        expect(base).toMatch(/^[a-z0-9](?:[a-z0-9_]*[a-z0-9])?$/);
        expect(base.length).toBeLessThanOrEqual(56);
      }),
    );
  });
  it('numbers later candidates', () => {
    expect(usernameCandidate('bob', 1)).toBe('bob');
    expect(usernameCandidate('bob', 2)).toBe('bob2');
  });
});
