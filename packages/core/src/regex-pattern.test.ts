import { describe, expect, it } from 'vitest';
import { isValidRule, operatorsFor, ruleToPineFilter, rulesToPineFilter, type ListField } from './list-filter.ts';
import { REGEX_PATTERN_MAX_EXPANSION, REGEX_PATTERN_MAX_LENGTH, regexCostProblem, regexExpansion, regexPatternProblem } from './regex-pattern.ts';

describe('regexCostProblem (what the API refuses before running a pattern)', () => {
  it('accepts ordinary patterns, PostgreSQL-only syntax included', () => {
    for (const p of ['^pump-\\d+$', '(?i)^PUMP', 'a|b', '[[:alpha:]]+', '\\y\\mword\\M', '\\\\1', '[\\\\]1', '(?x) a b', 'x'.repeat(REGEX_PATTERN_MAX_LENGTH)]) {
      expect(regexCostProblem(p), p).toBeNull();
    }
  });

  it('refuses empty and too long patterns', () => {
    expect(regexCostProblem('')).toBe('empty');
    expect(regexCostProblem('x'.repeat(REGEX_PATTERN_MAX_LENGTH + 1))).toBe('too_long');
  });

  it('refuses back-references \\1 to \\9 anywhere, but not an escaped backslash before a digit', () => {
    for (const p of ['(a)\\1', '(a)(b)\\2', '[\\3]', 'x\\9', '\\\\\\1']) expect(regexCostProblem(p), p).toBe('backreference');
    for (const p of ['\\\\1', 'a\\0', 'a1']) expect(regexCostProblem(p), p).toBeNull();
  });

  it('refuses directors and the BRE/ERE options, which change the escape rules', () => {
    for (const p of ['***=a', '***:a', '(?b)a', '(?e)a', '(?ib)a']) expect(regexCostProblem(p), p).toBe('options');
    for (const p of ['(?i)a', '(?c)a', '(?n)a']) expect(regexCostProblem(p), p).toBeNull();
  });

  it('refuses patterns whose bounded repetitions, written out, exceed the limit', () => {
    expect(regexExpansion('(ab){3}')).toBe(6);
    expect(regexExpansion('^[a-z]{2,12}-\\d{1,4}$')).toBe(19);
    expect(regexExpansion('a{2,}')).toBe(3);
    expect(regexExpansion('(a{255}){255}')).toBe(65_025);
    expect(regexCostProblem('(a{255}){255}')).toBe('too_complex');
    expect(regexCostProblem('((a{10}){10}){11}')).toBe('too_complex');
    expect(regexCostProblem('(a{31}){32}')).toBeNull();
    expect(regexExpansion('(a{31}){32}')).toBeLessThanOrEqual(REGEX_PATTERN_MAX_EXPANSION);
  });
});

describe('regexPatternProblem (what the dashboard accepts: the syntax JavaScript and PostgreSQL share)', () => {
  it('accepts the common syntax and a leading (?i) or (?c)', () => {
    for (const p of ['^pump-\\d{2}$', '(?i)^pump', '(?c)Pump', 'a|b|c', '(?:ab)+c*', '[^a-z0-9_-]', '\\s\\S\\w\\W\\d\\D', 'a(?=b)', 'a(?!b)', '(?<=a)b', '\\.\\*\\(\\[', '[.]', 'x{2,}y{1,255}']) {
      expect(regexPatternProblem(p), p).toBeNull();
    }
  });

  it('has the cost rules first', () => {
    expect(regexPatternProblem('')).toBe('empty');
    expect(regexPatternProblem('(a)\\1')).toBe('backreference');
    expect(regexPatternProblem('x'.repeat(REGEX_PATTERN_MAX_LENGTH + 1))).toBe('too_long');
    expect(regexPatternProblem('(a{100}){100}')).toBe('too_complex');
  });

  it('refuses what the two engines read differently or only one accepts', () => {
    for (const p of ['\\b', '\\y', '\\x41', '\\u0041', '\\0', '[[:alpha:]]', '[[.a.]]', '[]a]', '(?<name>a)', '(?i:a)', '(?n)a', '(?i)']) {
      expect(regexPatternProblem(p), p).not.toBeNull();
    }
  });

  it('refuses invalid patterns, braces that are not a whole bound, and bounds PostgreSQL refuses', () => {
    for (const p of ['(', 'a)', '[a', '*a', 'a\\', 'a{2,1}', 'a{256}', 'a{', '{2,', '1{1b}', 'a{,2}']) {
      expect(regexPatternProblem(p), p).not.toBeNull();
    }
    expect(regexPatternProblem('a\\{')).toBeNull();
  });
});

describe('"matches RegEx" and "does not match RegEx" list rules', () => {
  const name: ListField = { kind: 'text', path: 'app_name' };
  const release: ListField = { kind: 'text', path: ['is_running__release', 'raw_version'] };

  it('are offered for text fields only', () => {
    expect(operatorsFor(name)).toEqual(expect.arrayContaining(['matches', 'not_matches']));
    for (const kind of ['number', 'date', 'enum'] as const) expect(operatorsFor({ kind, path: 'x' })).not.toContain('matches');
  });

  it('are valid only with a pattern the dashboard accepts, taken as typed (no trimming)', () => {
    expect(isValidRule(name, { field: 'name', op: 'matches', value: '^pump' })).toBe(true);
    expect(isValidRule(name, { field: 'name', op: 'matches', value: ' ' })).toBe(true);
    expect(isValidRule(name, { field: 'name', op: 'matches', value: '' })).toBe(false);
    expect(isValidRule(name, { field: 'name', op: 'not_matches', value: '(a)\\1' })).toBe(false);
    expect(isValidRule(name, { field: 'name', op: 'matches', value: '(' })).toBe(false);
  });

  it('become matchesPattern(field,pattern), negated with not (which keeps empty fields, as "does not contain")', () => {
    expect(ruleToPineFilter(name, { field: 'name', op: 'matches', value: '^pump$' })).toEqual({ $raw: ['matchesPattern($1,$2)', { $: 'app_name' }, '^pump$'] });
    expect(ruleToPineFilter(release, { field: 'r', op: 'not_matches', value: '^1\\.' })).toEqual({
      $not: { $raw: ['matchesPattern($1,$2)', { $: ['is_running__release', 'raw_version'] }, '^1\\.'] },
    });
    expect(rulesToPineFilter({ name }, [{ field: 'name', op: 'matches', value: '(' }])).toBeUndefined();
  });
});
