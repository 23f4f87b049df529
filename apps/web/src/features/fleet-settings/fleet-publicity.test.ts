import { describe, expect, it } from 'vitest';
import { canMakePublic, repositoryUrlFieldProblem, repositoryUrlToSave, type PublicityFleet } from './fleet-publicity.ts';

const fleet = (overrides: Partial<PublicityFleet> = {}): PublicityFleet => ({
  is_public: false,
  is_stored_at__repository_url: null,
  application_type: [{ is_legacy: false }],
  ...overrides,
});
const URL_ = 'https://github.com/acme/greenhouse';

describe('canMakePublic', () => {
  it('needs a saved repository URL', () => {
    expect(canMakePublic(fleet())).toBe(false);
    expect(canMakePublic(fleet({ is_stored_at__repository_url: '   ' }))).toBe(false);
    expect(canMakePublic(fleet({ is_stored_at__repository_url: URL_ }))).toBe(true);
  });

  it('legacy fleets need no URL', () => {
    expect(canMakePublic(fleet({ application_type: [{ is_legacy: true }] }))).toBe(true);
  });

  it('an unknown application type counts as not legacy', () => {
    expect(canMakePublic(fleet({ application_type: [] }))).toBe(false);
  });
});

describe('repositoryUrlFieldProblem', () => {
  it('an empty field clears the URL of a private fleet', () => {
    expect(repositoryUrlFieldProblem('', fleet())).toBeNull();
    expect(repositoryUrlFieldProblem('  ', fleet())).toBeNull();
  });

  it('a public fleet keeps its URL, unless legacy', () => {
    expect(repositoryUrlFieldProblem('', fleet({ is_public: true, is_stored_at__repository_url: URL_ }))).toBe('requiredWhilePublic');
    expect(repositoryUrlFieldProblem('', fleet({ is_public: true, application_type: [{ is_legacy: true }] }))).toBeNull();
  });

  it('passes other values to the shared URL rule', () => {
    expect(repositoryUrlFieldProblem(URL_, fleet({ is_public: true }))).toBeNull();
    expect(repositoryUrlFieldProblem('git@github.com:acme/x.git', fleet())).toBe('invalid');
    expect(repositoryUrlFieldProblem('https://me:token@github.com/acme/x', fleet())).toBe('hasCredentials');
  });
});

describe('repositoryUrlToSave', () => {
  it('trims, and sends null for an empty field', () => {
    expect(repositoryUrlToSave(`  ${URL_} `)).toBe(URL_);
    expect(repositoryUrlToSave('   ')).toBeNull();
  });
});
