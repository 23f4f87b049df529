import { describe, expect, it } from 'vitest';
import { tagKeyProblem, tagValueProblem } from './tag-form.ts';

describe('tagKeyProblem', () => {
  it('needs a key, trimmed', () => {
    expect(tagKeyProblem('', [])).toBe('keyRequired');
    expect(tagKeyProblem('   ', [])).toBe('keyRequired');
    expect(tagKeyProblem(' env ', [])).toBeNull();
  });

  it('refuses a key another tag of the fleet has (case-sensitive, like the API)', () => {
    expect(tagKeyProblem('env', ['env', 'site'])).toBe('keyTaken');
    expect(tagKeyProblem('Env', ['env'])).toBeNull();
  });

  it('refuses line breaks', () => {
    expect(tagKeyProblem('a\nb', [])).toBe('keyLineBreak');
  });
});

describe('tagValueProblem', () => {
  it('allows empty values and refuses line breaks', () => {
    expect(tagValueProblem('')).toBeNull();
    expect(tagValueProblem('production')).toBeNull();
    expect(tagValueProblem('a\nb')).not.toBeNull();
  });
});


describe('tagKeyProblem (device tags)', () => {
  it('requires a key', () => {
    expect(tagKeyProblem('  ', [])).toBe('keyRequired');
  });
  it('refuses a key the device already has, compared trimmed', () => {
    expect(tagKeyProblem(' site ', ['site'])).toBe('keyTaken');
  });
  it('refuses line breaks inside a key', () => {
    expect(tagKeyProblem('a\nb', [])).toBe('keyLineBreak');
  });
  it('accepts a new key', () => {
    expect(tagKeyProblem('env', ['site'])).toBeNull();
  });
});

describe('tagValueProblem (device tags)', () => {
  it('refuses line breaks and accepts an empty value', () => {
    expect(tagValueProblem('a\nb')).not.toBeNull();
    expect(tagValueProblem('')).toBeNull();
  });
});
