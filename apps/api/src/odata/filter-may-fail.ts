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
  switch (e.t) {
    case 'lit':
      return false;
    case 'arith':
      return readsRow(e);
    case 'call':
      return (CALLS_THAT_MAY_FAIL.has(e.method) && readsRow(e)) || e.args.some(mayFailOnData);
    case 'cmp':
      return mayFailOnData(e.left) || mayFailOnData(e.right);
    case 'and':
    case 'or':
      return e.args.some(mayFailOnData);
    case 'not':
      return mayFailOnData(e.arg);
    case 'in':
      return mayFailOnData(e.left);
    case 'path':
      return pathMayFail(e.path);
  }
}

function pathMayFail(p: PathNode): boolean {
  return (p.lambda !== undefined && mayFailOnData(p.lambda.expression)) || (p.countFilter !== undefined && mayFailOnData(p.countFilter)) || (p.property !== undefined && pathMayFail(p.property));
}

/** Whether an expression reads anything of a row (a field, a navigation). */
function readsRow(e: Expr): boolean {
  switch (e.t) {
    case 'lit':
      return false;
    case 'path':
      return true;
    case 'arith':
    case 'cmp':
      return readsRow(e.left) || readsRow(e.right);
    case 'call':
    case 'and':
    case 'or':
      return e.args.some(readsRow);
    case 'not':
      return readsRow(e.arg);
    case 'in':
      return readsRow(e.left);
  }
}

