import { describe, expect, it } from 'vitest';
import {
  NAME_SUGGESTION_MAX_RETRIES,
  SUGGESTION_ADJECTIVES,
  SUGGESTION_NOUNS,
  suggestFleetName,
} from './fleet-name-suggestion.ts';

/** A deterministic `random` that replays the given values, then repeats the last one. */
function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] as number;
}

describe('suggestFleetName', () => {
  it('returns an adjective-noun pair made of the word lists', () => {
    const name = suggestFleetName([], sequence([0, 0]));
    expect(name).toBe(`${SUGGESTION_ADJECTIVES[0]}-${SUGGESTION_NOUNS[0]}`);
    for (let i = 0; i < 50; i++) {
      const [adjective, noun, ...rest] = suggestFleetName([]).split('-');
      expect(rest).toEqual([]);
      expect(SUGGESTION_ADJECTIVES).toContain(adjective);
      expect(SUGGESTION_NOUNS).toContain(noun);
    }
  });

  it('suggests names that satisfy the fleet name character and length rule', () => {
    for (let i = 0; i < 200; i++) {
      const name = suggestFleetName([]);
      expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{3,99}$/);
    }
  });

  it('skips names that exist, compared case-insensitively', () => {
    const first = `${SUGGESTION_ADJECTIVES[0]}-${SUGGESTION_NOUNS[0]}`;
    // First try yields the taken pair (0,0); the second try yields (0.999.., 0.999..).
    const name = suggestFleetName([first.toUpperCase()], sequence([0, 0, 0.9999, 0.9999]));
    expect(name).toBe(`${SUGGESTION_ADJECTIVES.at(-1)}-${SUGGESTION_NOUNS.at(-1)}`);
  });

  it('gives up on random pairs after the retry limit and adds a numeric suffix', () => {
    let calls = 0;
    const random = () => {
      calls++;
      return 0;
    };
    const taken = [`${SUGGESTION_ADJECTIVES[0]}-${SUGGESTION_NOUNS[0]}`, `${SUGGESTION_ADJECTIVES[0]}-${SUGGESTION_NOUNS[0]}-2`];
    expect(suggestFleetName(taken, random)).toBe(`${SUGGESTION_ADJECTIVES[0]}-${SUGGESTION_NOUNS[0]}-3`);
    expect(calls).toBe(NAME_SUGGESTION_MAX_RETRIES * 2);
  });

  it('never returns an existing name', () => {
    const existing = Array.from({ length: 300 }, () => suggestFleetName([]));
    for (let i = 0; i < 100; i++) {
      const name = suggestFleetName(existing);
      expect(existing.map((n) => n.toLowerCase())).not.toContain(name.toLowerCase());
    }
  });
});
