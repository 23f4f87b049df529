import type { Expr, PathNode } from './ast.ts';

/**
 * Calls whose SQL can fail on a row's data (a negative substring length, a text built past
 * ODATA_LIMITS.maxBuiltTextLength) or cost far more on some rows than others (a pattern match).
 */
const CALLS_THAT_MAY_FAIL = new Set(['substring', 'concat', 'replace', 'matchesPattern']);

/**
 * Whether a filter's SQL can fail, or run long, because of the values of the row it is
 * evaluated on: arithmetic (division by zero, overflow) and CALLS_THAT_MAY_FAIL over a row's
 * fields, anywhere in it, lambdas and navigations included. Comparisons, `in`, text searches and
 * date parts cannot, nor can arithmetic of literals alone (`now() sub duration'P1D'`: it fails,
 * if at all, whatever the rows). compile-filter.ts `ruleThenFilter` keeps such a filter off rows
 * the caller may not read.
 */
export function mayFailOnData(e: Expr): boolean {
  const isRisky = e.t === 'arith' || (e.t === 'call' && CALLS_THAT_MAY_FAIL.has(e.method));
  return (isRisky && readsRow(e)) || partsOf(e).some(mayFailOnData);
}

/** Whether an expression reads anything of a row (a field, a navigation). */
function readsRow(e: Expr): boolean {
  return e.t === 'path' || partsOf(e).some(readsRow);
}

/** The expressions directly inside `e`: operands, arguments, and a path's lambda body and count filter. */
function partsOf(e: Expr): Expr[] {
  switch (e.t) {
    case 'lit':
      return [];
    case 'arith':
    case 'cmp':
      return [e.left, e.right];
    case 'call':
    case 'and':
    case 'or':
      return e.args;
    case 'not':
      return [e.arg];
    case 'in':
      return [e.left];
    case 'path':
      return pathParts(e.path);
  }
}

function pathParts(p: PathNode): Expr[] {
  return [...(p.lambda ? [p.lambda.expression] : []), ...(p.countFilter ? [p.countFilter] : []), ...(p.property ? pathParts(p.property) : [])];
}
