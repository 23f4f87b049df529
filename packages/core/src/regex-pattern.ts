/**
 * Rules for the regular expression of a "matches RegEx" / "does not match RegEx" list filter
 * (fleets spec §2 "Fleet list"), sent as OData 4.01 `matchesPattern(field,'pattern')` and run
 * by PostgreSQL as `field ~ 'pattern'` (an ARE: case-sensitive; a leading `(?i)` makes it
 * case-insensitive).
 *
 * Two levels:
 * - `regexCostProblem` — what the API enforces for every client: a pattern is a bounded
 *   literal without back-references. Back-references (`\1`…`\9`) are the one feature that
 *   makes PostgreSQL's regex engine exponential, and the embedded database cannot interrupt a
 *   running statement, so they are refused before any SQL runs; so are the `***` directors and
 *   the `(?b)`/`(?e)` options, which switch to the BRE/ERE flavours with other escape rules.
 *   Everything else is PostgreSQL's to judge (an invalid pattern is a 400, not a 500).
 * - `regexPatternProblem` — what the dashboard accepts: the cost rules plus the part of the
 *   syntax that JavaScript's RegExp and PostgreSQL's ARE read the same way, so the filter
 *   dialog can say "invalid" before sending, and what it accepts the server accepts.
 */

/** Longest pattern accepted (characters). Far beyond any hand-written filter; bounds compile cost. */
export const REGEX_PATTERN_MAX_LENGTH = 256;

/**
 * Largest pattern once its bounded repetitions are written out (`(ab){3}` is 6). PostgreSQL
 * compiles `x{n}` into n copies of x, and the matcher's work per character of text grows with
 * that size: measured on PGlite over a 5,000-character value, `(a{128}){128}` (16,384) ran in
 * 15 ms but `(a{255}){255}` (65,025) did not finish in minutes. 1,000 is far beyond
 * hand-written filters (`^[a-z]{2,12}-\d{1,4}$` is 18).
 */
export const REGEX_PATTERN_MAX_EXPANSION = 1000;

export const REGEX_PATTERN_PROBLEMS = ['empty', 'too_long', 'too_complex', 'backreference', 'options', 'unsupported', 'invalid'] as const;
export type RegexPatternProblem = (typeof REGEX_PATTERN_PROBLEMS)[number];

/** A leading `(?flags)` of an ARE, and its letters. */
const EMBEDDED_OPTIONS = /^\(\?([a-z]*)\)/;
/** ARE option letters the API allows (b = BRE and e = ERE change the escape rules). */
const SERVER_OPTIONS = /^[cimnpqstwx]*$/;

/** The cost rules (API and dashboard): non-empty, bounded in length and expansion, no back-reference, ARE flavour. */
export function regexCostProblem(pattern: string): RegexPatternProblem | null {
  if (pattern === '') return 'empty';
  if (pattern.length > REGEX_PATTERN_MAX_LENGTH) return 'too_long';
  if (pattern.startsWith('***')) return 'options';
  const options = EMBEDDED_OPTIONS.exec(pattern);
  if (options && !SERVER_OPTIONS.test(options[1] ?? '')) return 'options';
  // Escapes pair up left to right (`\\1` is a backslash then "1"), inside brackets as well.
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    if (/[1-9]/.test(pattern[i + 1] ?? '')) return 'backreference';
    i++;
  }
  return regexExpansion(options ? pattern.slice(options[0].length) : pattern) > REGEX_PATTERN_MAX_EXPANSION ? 'too_complex' : null;
}

/**
 * The pattern's size with every bounded repetition written out: an atom (a character, an
 * escape, a bracket expression) is 1, a group the sum of its parts, `x{m,n}` is x times the
 * larger bound (`x{m,}` m + 1), `x+` twice x. An over-estimate on malformed input, never under.
 */
export function regexExpansion(p: string): number {
  const frames: { total: number; last: number }[] = [{ total: 0, last: 0 }];
  const top = () => frames[frames.length - 1] as { total: number; last: number };
  const multiply = (factor: number) => {
    const f = top();
    f.total += f.last * (factor - 1);
    f.last *= factor;
  };
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      i++;
      top().total += 1;
      top().last = 1;
    } else if (c === '[') {
      let j = i + 1;
      if (p[j] === '^') j++;
      if (p[j] === ']') j++;
      while (j < p.length && p[j] !== ']') j += p[j] === '\\' ? 2 : 1;
      i = j;
      top().total += 1;
      top().last = 1;
    } else if (c === '(') {
      frames.push({ total: 0, last: 0 });
      if (p[i + 1] === '?') i += p[i + 2] === '<' ? 3 : 2;
    } else if (c === ')' && frames.length > 1) {
      const inner = Math.max(1, (frames.pop() as { total: number }).total);
      top().total += inner;
      top().last = inner;
    } else if (c === '|') {
      top().last = 0;
    } else if (c === '{') {
      const bound = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
      if (bound) {
        const min = Number(bound[1]);
        multiply(Math.max(1, bound[2] === undefined ? min : bound[3] === '' ? min + 1 : Math.max(min, Number(bound[3]))));
        i += bound[0].length - 1;
      } else {
        top().total += 1;
        top().last = 1;
      }
    } else if (c === '+') {
      multiply(2);
    } else if (c === '*' || c === '?') {
      // a loop or an option: no copy
    } else {
      top().total += 1;
      top().last = 1;
    }
  }
  while (frames.length > 1) {
    const inner = (frames.pop() as { total: number }).total;
    top().total += inner;
  }
  return top().total;
}

/** Escaped letters both engines read alike (`\b` is a word boundary in JS, a backspace in PostgreSQL). */
const PORTABLE_LETTER_ESCAPES = new Set(['d', 'D', 's', 'S', 'w', 'W', 'n', 't', 'r', 'f']);
/** PostgreSQL refuses repetition counts above 255 (RE_DUP_MAX). */
const MAX_REPEAT = 255;

/**
 * The dashboard's check: the cost rules, then the common syntax of JavaScript RegExp and
 * PostgreSQL ARE — a leading `(?i)`/`(?c)` only; escapes of `dDsSwWntrf` and of punctuation;
 * groups `(…)`, `(?:…)` and lookarounds; no POSIX `[[:class:]]`, no `[]…]`, a `{` only as a whole
 * bound up to 255 (`a{2,5}`);
 * and the rest must compile as a JavaScript RegExp. Null when acceptable.
 */
export function regexPatternProblem(pattern: string): RegexPatternProblem | null {
  const cost = regexCostProblem(pattern);
  if (cost !== null) return cost;
  const options = EMBEDDED_OPTIONS.exec(pattern);
  if (options && options[1] !== 'i' && options[1] !== 'c') return 'unsupported';
  const body = options ? pattern.slice(options[0].length) : pattern;
  if (body === '') return 'empty';
  const syntax = portableSyntaxProblem(body);
  if (syntax !== null) return syntax;
  try {
    new RegExp(body);
  } catch {
    return 'invalid';
  }
  return null;
}

function portableSyntaxProblem(p: string): RegexPatternProblem | null {
  let inBracket = false;
  let bracketStart = -1;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    const next = p[i + 1] ?? '';
    if (c === '\\') {
      if (next === '') return 'invalid';
      if (/[0-9]/.test(next)) return 'unsupported'; // \1…\9 were refused above; \0 differs
      if (/[A-Za-z]/.test(next) && !PORTABLE_LETTER_ESCAPES.has(next)) return 'unsupported';
      i++;
      continue;
    }
    if (inBracket) {
      if (c === ']' && i === bracketStart) return 'unsupported'; // `[]a]`: literal in PostgreSQL, empty class in JS
      if (c === ']') inBracket = false;
      else if (c === '[' && (next === ':' || next === '=' || next === '.')) return 'unsupported';
      continue;
    }
    if (c === '[') {
      inBracket = true;
      bracketStart = next === '^' ? i + 2 : i + 1;
      if (next === '^') i++;
      continue;
    }
    if (c === '(' && next === '?') {
      const kind = p.slice(i + 2, i + 4);
      if (!(kind.startsWith(':') || kind.startsWith('=') || kind.startsWith('!') || kind === '<=' || kind === '<!')) return 'unsupported';
      continue;
    }
    if (c === '{') {
      // PostgreSQL reads `{` then a digit as a bound and refuses a malformed one; JavaScript
      // takes it literally. Only a whole bound is accepted here (a literal brace is `\{`).
      const bound = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
      if (!bound) return 'invalid';
      const min = Number(bound[1]);
      const max = bound[2] === undefined ? min : bound[3] === '' ? min : Number(bound[3]);
      if (min > MAX_REPEAT || max > MAX_REPEAT || max < min) return 'invalid';
      i += bound[0].length - 1;
    }
  }
  return inBracket ? 'invalid' : null;
}
