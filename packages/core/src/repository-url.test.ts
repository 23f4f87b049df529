import { describe, expect, it } from 'vitest';
import { REPOSITORY_URL_MAX_LENGTH, repositoryUrlProblem } from './repository-url.ts';

describe('repositoryUrlProblem', () => {
  it('accepts http and https addresses, surrounding spaces trimmed', () => {
    expect(repositoryUrlProblem('https://github.com/acme/greenhouse')).toBeNull();
    expect(repositoryUrlProblem('http://git.example.com:8080/acme/greenhouse.git')).toBeNull();
    expect(repositoryUrlProblem('  https://gitlab.com/acme/greenhouse  ')).toBeNull();
  });

  it('refuses other schemes and text that is not an address', () => {
    for (const value of ['git@github.com:acme/greenhouse.git', 'ssh://git@github.com/acme/x', 'ftp://example.com/x', 'javascript:alert(1)', 'github.com/acme/x', 'https://', 'https:///path', 'not a url']) {
      expect(repositoryUrlProblem(value), value).toBe('invalid');
    }
  });

  it('refuses addresses with spaces inside', () => {
    expect(repositoryUrlProblem('https://github.com/acme/green house')).toBe('invalid');
  });

  it('refuses credentials, which a public fleet would publish', () => {
    expect(repositoryUrlProblem('https://user:ghp_secret@github.com/acme/x')).toBe('hasCredentials');
    expect(repositoryUrlProblem('https://token@github.com/acme/x')).toBe('hasCredentials');
  });

  it(`refuses more than ${REPOSITORY_URL_MAX_LENGTH} characters`, () => {
    const base = 'https://github.com/';
    expect(repositoryUrlProblem(base + 'a'.repeat(REPOSITORY_URL_MAX_LENGTH - base.length))).toBeNull();
    expect(repositoryUrlProblem(base + 'a'.repeat(REPOSITORY_URL_MAX_LENGTH - base.length + 1))).toBe('tooLong');
  });
});
