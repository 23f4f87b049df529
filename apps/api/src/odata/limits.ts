import { REGEX_PATTERN_MAX_EXPANSION, REGEX_PATTERN_MAX_LENGTH, regexCostProblem } from '@flotilla/core/regex-pattern';
import { badRequest } from '../lib/errors.ts';
import type { Expr, ODataRequest, PathNode, QueryOptions } from './ast.ts';

/**
 * What one OData request may cost (issue 8 "Bounded cost"). A GET is one SQL statement, so
 * the shape of the URL is the shape of the work the database does: each expansion, lambda
 * and navigation step is a correlated sub-select run for every row of its parent, and a
 * cyclic model (device → fleet → devices → …) multiplies rows at every level. Measured
 * before the limits: nested any() 20–30 deep held the embedded database for 4–16 s, a
 * 20-level $expand made PostgreSQL build 76 MB of JSON in 32 s, nested replace() built
 * values of tens of MB per row.
 *
 * The numbers come from what real clients send, with headroom. Every URL recorded from
 * balena-sdk 23 / balena-cli 25 (test-compat-urls.ts) and every dashboard query
 * (apps/web/src, pinejs-client-core) reaches at most: $expand 3 deep
 * (release_image → image → is_a_build_of__service), navigation nesting 3 in a filter
 * (team_application_access/any(taa: taa/team/team_membership/any(…)), scoped-applications.ts),
 * one function call deep (startswith(uuid,'…')), 35 query nodes and 470 characters of URL.
 * limits.test.ts checks that all of them pass.
 */
export const ODATA_LIMITS = {
  /**
   * Raw path + query, in characters. Recorded clients stay under 500; balena-sdk batches
   * `id in (…)` by 200 ids and `uuid in (…)` by 50 uuids, under 4 KB. Node's HTTP parser
   * refuses request heads over 16 KB anyway; this bound also holds for direct engine calls.
   */
  maxUrlLength: 8192,
  /** Nesting of `$expand` (clients: 3). Output grows roughly as fan-out^depth. */
  maxExpandDepth: 5,
  /**
   * Navigations nested inside one `$filter`/`$orderby` term: any()/all() lambdas, `nav/…`
   * path steps and `nav/$count` are each a correlated sub-select (clients: 3). A path step
   * counts like a lambda because `owns__device/belongs_to__application/…/is_online` nests
   * EXISTS sub-selects exactly as nested any() does.
   */
  maxLambdaDepth: 5,
  /** Function calls nested in one another (clients: 1; `contains(tolower(trim(x)),'a')` is 3). */
  maxFunctionDepth: 3,
  /**
   * Nodes of the whole query: every filter operator, operand and path segment, in `$filter`,
   * `$orderby` and inside every `$expand`, plus one per expansion (clients: ≤ 35). Bounds the
   * breadth the depth limits leave open (`a and b and …`, many sibling expansions), and so
   * the SQL text and planning time. An `in (…)` list counts once: it is one hashed lookup.
   */
  maxQueryNodes: 250,
  /**
   * Longest value a text function (replace, concat) may build, unless the value is no
   * longer than its longest input. Growth is what is dangerous: replace(<1 MB note>, 'a', <8 KB
   * literal>) is 8 GB from one small URL, and nesting multiplies it. A function whose result
   * is no longer than its longest input (a stored value, already in memory) is always
   * allowed, so no filter on existing data changes meaning; one that would build more than
   * this fails with 400 before building anything (compile-functions.ts). 64 Ki characters is
   * far beyond any name, uuid or note a filter compares, and small enough that every row of
   * a large table can afford it.
   */
  maxBuiltTextLength: 65_536,
  /**
   * Longest pattern of `matchesPattern(field,'pattern')` (PostgreSQL `field ~ pattern`), in
   * characters. The pattern is compiled once per statement and run on every row without an
   * index; its length bounds the compiled automaton. Shared with the dashboard's check
   * (@flotilla/core/regex-pattern). See checkPattern for the other cost rules.
   */
  maxPatternLength: REGEX_PATTERN_MAX_LENGTH,
  /**
   * Size of that pattern with its bounded repetitions written out (`(ab){3}` is 6). PostgreSQL
   * compiles `x{n}` into n copies, and the matcher's work per character grows with the copies:
   * on PGlite over a 5,000-character value `(a{255}){255}` (13 characters, 65,025 written out)
   * did not finish in minutes, while the slowest pattern found within this limit,
   * `(.*.*){250}x`, took 0.8 s. Work stays linear in the text's length.
   */
  maxPatternExpansion: REGEX_PATTERN_MAX_EXPANSION,
} as const;

/**
 * Starts the message of the database error a text function raises past maxBuiltTextLength
 * (compile-functions.ts), so that write-errors.ts can tell it from any other error.
 */
export const TEXT_LIMIT_MARKER = 'flotilla.text_limit: ';

const PATTERN_PROBLEMS = {
  empty: 'matchesPattern() needs a non-empty pattern',
  too_long: `The pattern of matchesPattern() is longer than ${REGEX_PATTERN_MAX_LENGTH} characters`,
  too_complex: `The pattern of matchesPattern() repeats too much: written out it would be longer than ${REGEX_PATTERN_MAX_EXPANSION} characters`,
  backreference: 'The pattern of matchesPattern() may not contain back-references (\\1 to \\9)',
  options: 'The pattern of matchesPattern() may not start with "***" or switch to basic or extended syntax ((?b), (?e))',
} as const;

/**
 * Throws 400 unless `pattern` (the second argument of matchesPattern) may run: a text literal
 * (a column or computed value could be any size or shape), at most maxPatternLength long and
 * maxPatternExpansion written out, without back-references — with them PostgreSQL's regex engine is exponential, and the
 * embedded database cannot interrupt a running statement — and in PostgreSQL's ARE flavour.
 * Everything else is PostgreSQL's to judge; an invalid pattern is a 400 (write-errors.ts).
 */
export function checkPattern(pattern: Expr | undefined): string {
  if (pattern?.t !== 'lit' || pattern.lit.kind !== 'text') throw badRequest('The pattern of matchesPattern() must be a text literal', 'invalid_pattern');
  const problem = regexCostProblem(pattern.lit.value);
  if (problem === 'too_long') throw badRequest(`${PATTERN_PROBLEMS.too_long} (${pattern.lit.value.length})`, 'query_too_complex');
  if (problem === 'too_complex') throw badRequest(PATTERN_PROBLEMS.too_complex, 'query_too_complex');
  if (problem === 'empty' || problem === 'backreference' || problem === 'options') throw badRequest(PATTERN_PROBLEMS[problem], 'invalid_pattern');
  return pattern.lit.value;
}

/** The cost-relevant shape of a parsed request (what the limits compare). */
export interface RequestShape {
  expandDepth: number;
  lambdaDepth: number;
  functionDepth: number;
  nodes: number;
}

/** Throws 400 when `url` (raw, before decoding) is longer than allowed. */
export function checkUrlLength(url: string): void {
  const max = ODATA_LIMITS.maxUrlLength;
  if (url.length > max) {
    throw badRequest(`The URL is ${url.length} characters long; at most ${max} are allowed`, 'query_too_large');
  }
}

/** Throws 400 naming the first limit the parsed request exceeds. */
export function checkRequestLimits(req: ODataRequest): void {
  const limits = ODATA_LIMITS;
  const s = measureRequest(req);
  const over = (what: string, value: number, max: number) => {
    if (value > max) throw badRequest(`${what} ${value} levels deep; at most ${max} are allowed`, 'query_too_complex');
  };
  over('$expand is nested', s.expandDepth, limits.maxExpandDepth);
  over('$filter nests any()/all() lambdas and navigation paths', s.lambdaDepth, limits.maxLambdaDepth);
  over('$filter nests function calls', s.functionDepth, limits.maxFunctionDepth);
  if (s.nodes > limits.maxQueryNodes) {
    throw badRequest(
      `The query has ${s.nodes} terms ($filter, $orderby and $expand together); at most ${limits.maxQueryNodes} are allowed`,
      'query_too_complex',
    );
  }
}

export function measureRequest(req: ODataRequest): RequestShape {
  const shape: RequestShape = { expandDepth: 0, lambdaDepth: 0, functionDepth: 0, nodes: 0 };
  measureOptions(req.options, 0, shape);
  return shape;
}

function measureOptions(options: QueryOptions, expandDepth: number, shape: RequestShape): void {
  shape.expandDepth = Math.max(shape.expandDepth, expandDepth);
  if (options.filter) measureExpr(options.filter, new Set(), 0, 0, shape);
  for (const item of options.orderby ?? []) measurePath(item.path, new Set(), 0, 0, shape);
  for (const item of options.expand ?? []) {
    shape.nodes += 1;
    measureOptions(item.options, expandDepth + 1, shape);
  }
}

/** `vars`: lambda variables in scope (a path starting with one is not a navigation step). */
function measureExpr(e: Expr, vars: ReadonlySet<string>, lambdaDepth: number, functionDepth: number, shape: RequestShape): void {
  shape.nodes += 1;
  switch (e.t) {
    case 'lit':
      return;
    case 'path':
      shape.nodes -= 1; // measurePath counts every segment
      return measurePath(e.path, vars, lambdaDepth, functionDepth, shape);
    case 'cmp':
    case 'arith':
      measureExpr(e.left, vars, lambdaDepth, functionDepth, shape);
      return measureExpr(e.right, vars, lambdaDepth, functionDepth, shape);
    case 'and':
    case 'or':
      for (const a of e.args) measureExpr(a, vars, lambdaDepth, functionDepth, shape);
      return;
    case 'not':
      return measureExpr(e.arg, vars, lambdaDepth, functionDepth, shape);
    case 'in':
      return measureExpr(e.left, vars, lambdaDepth, functionDepth, shape);
    case 'call':
      shape.functionDepth = Math.max(shape.functionDepth, functionDepth + 1);
      for (const a of e.args) measureExpr(a, vars, lambdaDepth, functionDepth + 1, shape);
      return;
  }
}

function measurePath(node: PathNode, vars: ReadonlySet<string>, lambdaDepth: number, functionDepth: number, shape: RequestShape): void {
  let depth = lambdaDepth;
  for (let n: PathNode | undefined = node, first = true; n; n = n.property, first = false) {
    shape.nodes += 1;
    const isVariable = first && vars.has(n.name);
    // A segment followed by more path, a lambda or a count is a navigation: one sub-select.
    if (!isVariable && (n.property || n.lambda || n.count)) depth += 1;
    shape.lambdaDepth = Math.max(shape.lambdaDepth, depth);
    if (n.lambda) measureExpr(n.lambda.expression, new Set(vars).add(n.lambda.identifier), depth, functionDepth, shape);
    if (n.countFilter) measureExpr(n.countFilter, vars, depth, functionDepth, shape);
  }
}
