import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { REGEX_PATTERN_MAX_EXPANSION, REGEX_PATTERN_MAX_LENGTH } from '@flotilla/core/regex-pattern';
import { ODATA_LIMITS, checkPattern, measureRequest } from './limits.ts';
import { parseODataUrl } from './parse.ts';
import { COMPAT_URLS } from './test-compat-urls.ts';
import { DASHBOARD_URLS } from './test-dashboard-urls.ts';
import { wire } from './test-wire.ts';


const parse = (url: string) => parseODataUrl(wire(url));
const rejection = (url: string): AppError => {
  try {
    parse(url);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error(`expected ${url} to be refused`);
};

/** `a(…;$expand=b(…;$expand=a(…)))`, `depth` levels. */
const expandChain = (depth: number) => {
  let s = '';
  for (let i = depth; i >= 1; i--) s = `${i % 2 ? 'belongs_to__application' : 'owns__device'}($select=id${s ? `;$expand=${s}` : ''})`;
  return `/device?$select=id&$expand=${s}`;
};
/** `owns__device/any(x1:x1/belongs_to__application/any(x2:…))`, `depth` lambdas. */
const lambdaChain = (depth: number, method = 'any') => {
  let s = `x${depth}/id gt 0`;
  for (let i = depth; i >= 1; i--) {
    const nav = i % 2 ? 'owns__device' : 'belongs_to__application';
    s = `${i === 1 ? '' : `x${i - 1}/`}${nav}/${method}(x${i}:${s})`;
  }
  return `/application?$select=id&$filter=${s}`;
};
/** `owns__device/belongs_to__application/owns__device/…/is_online`: navigations by path alone. */
const pathChain = (steps: number) => {
  const navs = Array.from({ length: steps }, (_, i) => (i % 2 ? 'belongs_to__application' : 'owns__device'));
  return `/application?$select=id&$filter=${navs.join('/')}/id gt 0`;
};
const callChain = (depth: number) => {
  let s = 'device_name';
  for (let i = 0; i < depth; i++) s = `tolower(${s})`;
  return `/device?$select=id&$filter=${s} eq 'x'`;
};
const orChain = (terms: number) => `/device?$select=id&$filter=${Array.from({ length: terms }, (_, i) => `id eq ${i}`).join(' or ')}`;

describe('ODATA_LIMITS', () => {
  it('let every recorded balena-sdk/balena-cli URL and every dashboard query through, with headroom', () => {
    const shapes = [...COMPAT_URLS.map((u) => u.replace(/^\/v7/, '')), ...DASHBOARD_URLS].map((u) => ({ u, s: measureRequest(parse(u)), len: wire(u).length }));
    const max = (k: 'expandDepth' | 'lambdaDepth' | 'functionDepth' | 'nodes') => Math.max(...shapes.map((x) => x.s[k]));
    // What clients reach today (limits.ts says why each limit is where it is).
    expect(max('expandDepth')).toBe(3);
    expect(max('lambdaDepth')).toBe(3);
    expect(max('functionDepth')).toBe(1);
    expect(max('nodes')).toBeLessThanOrEqual(40);
    expect(Math.max(...shapes.map((x) => x.len))).toBeLessThan(ODATA_LIMITS.maxUrlLength / 8);
    expect(max('expandDepth')).toBeLessThan(ODATA_LIMITS.maxExpandDepth);
    expect(max('lambdaDepth')).toBeLessThan(ODATA_LIMITS.maxLambdaDepth);
    expect(max('functionDepth')).toBeLessThan(ODATA_LIMITS.maxFunctionDepth);
    expect(max('nodes') * 5).toBeLessThan(ODATA_LIMITS.maxQueryNodes);
  });

  it('counts navigations, not lambda variables: x/nav/any(…) is one level, x/field none', () => {
    expect(measureRequest(parse("/device_type?$filter=is_default_for__application/any(a:a/is_host eq true and a/owns__release/any(r:r/status eq 'success'))")).lambdaDepth).toBe(2);
    expect(measureRequest(parse('/device?$filter=belongs_to__application/organization eq 1')).lambdaDepth).toBe(1);
    expect(measureRequest(parse('/device?$filter=device_tag/$count($filter=tag_key eq 1) gt 0')).lambdaDepth).toBe(1);
    expect(measureRequest(parse('/device?$orderby=belongs_to__application/app_name asc')).lambdaDepth).toBe(1);
    expect(measureRequest(parse('/device?$filter=id eq 1')).lambdaDepth).toBe(0);
  });
});

describe('limits checked right after parsing', () => {
  it('$expand depth: the limit passes, one more is refused with a message naming both', () => {
    expect(() => parse(expandChain(ODATA_LIMITS.maxExpandDepth))).not.toThrow();
    const e = rejection(expandChain(9));
    expect(e.status).toBe(400);
    expect(e.code).toBe('query_too_complex');
    expect(e.message).toBe('$expand is nested 9 levels deep; at most 5 are allowed');
  });

  it('lambda depth: nested any()/all() and navigation paths alike', () => {
    expect(() => parse(lambdaChain(ODATA_LIMITS.maxLambdaDepth))).not.toThrow();
    expect(rejection(lambdaChain(6)).message).toBe('$filter nests any()/all() lambdas and navigation paths 6 levels deep; at most 5 are allowed');
    expect(rejection(lambdaChain(30, 'all')).message).toContain('30 levels deep');
    expect(() => parse(pathChain(ODATA_LIMITS.maxLambdaDepth))).not.toThrow();
    expect(rejection(pathChain(12)).message).toContain('12 levels deep; at most 5');
    // A lambda inside a $count filter, and in $orderby, count too.
    expect(rejection(`/application?$filter=owns__device/$count($filter=${lambdaChain(6).split('$filter=')[1]}) gt 0`).status).toBe(400);
    expect(rejection(`/application?$orderby=${pathChain(6).split('$filter=')[1]?.replace(/\/id gt 0$/, '/app_name asc')}`).message).toContain('6 levels deep');
  });

  it('function nesting', () => {
    expect(() => parse(callChain(ODATA_LIMITS.maxFunctionDepth))).not.toThrow();
    expect(rejection(callChain(4)).message).toBe('$filter nests function calls 4 levels deep; at most 3 are allowed');
    expect(rejection("/device?$filter=length(replace(replace(replace(replace(note,'a','aa'),'a','aa'),'a','aa'),'a','aa')) gt 1").message).toContain('5 levels deep');
  });

  it('query size: nodes of $filter, $orderby and $expand together', () => {
    expect(measureRequest(parse(orChain(10))).nodes).toBe(10 * 3 + 1);
    expect(() => parse(orChain(80))).not.toThrow();
    expect(rejection(orChain(90)).message).toBe('The query has 271 terms ($filter, $orderby and $expand together); at most 250 are allowed');
    // Spread over expansions it is the same budget.
    const filters = Array.from({ length: 5 }, () => `owns__device($select=id;$filter=${Array.from({ length: 20 }, (_, i) => `id eq ${i}`).join(' or ')})`);
    expect(rejection(`/application?$select=id&$expand=${filters.join(',')}`).message).toMatch(/^The query has \d+ terms/);
    // An in-list is one lookup, bounded by the URL length.
    expect(() => parse(`/device?$filter=id in (${Array.from({ length: 500 }, (_, i) => i).join(',')})`)).not.toThrow();
  });

  it('URL length, before anything is parsed', () => {
    const long = `/device?$filter=device_name eq '${'x'.repeat(ODATA_LIMITS.maxUrlLength)}'`;
    const e = rejection(long);
    expect(e.message).toBe(`The URL is ${wire(long).length} characters long; at most 8192 are allowed`);
    expect(e.code).toBe('query_too_large');
    expect(() => parse(`/device?$filter=device_name eq '${'x'.repeat(4000)}'`)).not.toThrow();
  });

  it('deeply nested input fails as a 400, not a crash, at any depth the URL allows', () => {
    for (const url of [`/device?$filter=${'not('.repeat(1500)}id eq 1${')'.repeat(1500)}`, `/device?$filter=${'('.repeat(3500)}id eq 1${')'.repeat(3500)}`]) {
      expect(rejection(url).status).toBe(400);
    }
  });
});

describe('matchesPattern limits', () => {
  const text = (value: string) => ({ t: 'lit', lit: { kind: 'text', value } }) as const;
  const refused = (arg: Parameters<typeof checkPattern>[0]) => {
    try {
      checkPattern(arg);
    } catch (e) {
      if (e instanceof AppError) return e;
      throw e;
    }
    throw new Error('expected a refusal');
  };

  it('are the ones the dashboard checks (@flotilla/core/regex-pattern)', () => {
    expect(ODATA_LIMITS.maxPatternLength).toBe(REGEX_PATTERN_MAX_LENGTH);
    expect(ODATA_LIMITS.maxPatternExpansion).toBe(REGEX_PATTERN_MAX_EXPANSION);
  });

  it('allow a pattern of the maximum length and refuse one character more', () => {
    expect(checkPattern(text('a'.repeat(ODATA_LIMITS.maxPatternLength)))).toHaveLength(ODATA_LIMITS.maxPatternLength);
    expect(refused(text('a'.repeat(ODATA_LIMITS.maxPatternLength + 1)))).toMatchObject({ status: 400, code: 'query_too_complex' });
  });

  it('refuse repetitions that write out past the limit, back-references, and a pattern that is not a text literal', () => {
    expect(refused(text('(ab){255}x{255}y{255}'))).toMatchObject({ status: 400, code: 'query_too_complex' });
    expect(refused(text('(a)\\1'))).toMatchObject({ status: 400, code: 'invalid_pattern' });
    expect(refused({ t: 'path', path: { name: 'device_name' } })).toMatchObject({ status: 400, code: 'invalid_pattern' });
    expect(refused({ t: 'lit', lit: { kind: 'number', value: 1 } })).toMatchObject({ status: 400, code: 'invalid_pattern' });
  });

  it('leave the request shape limits as they are: a matchesPattern call is one function level', () => {
    const s = measureRequest(parse("/device?$select=id&$filter=not matchesPattern(tolower(device_name),'^a') and id gt 0"));
    expect(s.functionDepth).toBe(2);
  });
});
