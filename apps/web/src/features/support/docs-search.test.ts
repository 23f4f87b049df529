import { describe, expect, it } from 'vitest';
import { docsSearchUrl } from './docs-search.ts';

describe('docsSearchUrl', () => {
  it('adds the words as q, keeping the documentation URL’s own query', () => {
    expect(docsSearchUrl('https://docs.example.com/learn?lang=en', ' fleet  variables ')).toBe('https://docs.example.com/learn?lang=en&q=fleet++variables');
  });
  it('opens the documentation itself for a blank search', () => {
    expect(docsSearchUrl('https://docs.example.com/', '  ')).toBe('https://docs.example.com/');
  });
});
