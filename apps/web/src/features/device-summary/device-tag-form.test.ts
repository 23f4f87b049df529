import { describe, expect, it } from 'vitest';
import { deviceTagKeyProblem, deviceTagValueProblem } from './device-tag-form.ts';

describe('deviceTagKeyProblem', () => {
  it('requires a key', () => {
    expect(deviceTagKeyProblem('  ', [])).toBe('keyRequired');
  });
  it('refuses a key the device already has, compared trimmed', () => {
    expect(deviceTagKeyProblem(' site ', ['site'])).toBe('keyTaken');
  });
  it('refuses line breaks inside a key', () => {
    expect(deviceTagKeyProblem('a\nb', [])).toBe('keyLineBreak');
  });
  it('accepts a new key', () => {
    expect(deviceTagKeyProblem('env', ['site'])).toBeNull();
  });
});

describe('deviceTagValueProblem', () => {
  it('refuses line breaks and accepts an empty value', () => {
    expect(deviceTagValueProblem('a\nb')).not.toBeNull();
    expect(deviceTagValueProblem('')).toBeNull();
  });
});
