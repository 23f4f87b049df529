import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../lib/errors.ts';
import type { ResourceDef } from '../model/types.ts';
import type { Expr, Lambda, Literal, PathNode } from './ast.ts';
import { compileCall } from './compile-functions.ts';
import { mayFailOnData } from './filter-may-fail.ts';
import { compileLiteral, sqlTypeOf, type SqlType, type Typed } from './compile-literal.ts';
import { fieldSql, findField, requireNav, type CompileContext, type ResolvedNav } from './context.ts';
import { enterNavigation, refuseNavigationOutsideLambda } from './navigation-rules.ts';

/**
 * `$filter` (and `$orderby` paths) → SQL over a row alias. Navigations become correlated
 * EXISTS / COUNT sub-selects, each ANDed with the target's read rule so that a caller can
 * neither see nor count rows they may not read.
 */
export interface Scope {
  ctx: CompileContext;
  def: ResourceDef;
  alias: string;
  /** Lambda variables in scope: `d` in `device/any(d:d/…)`, with the resources on their path. */
  vars: ReadonlyMap<string, { def: ResourceDef; alias: string; path: readonly string[] }>;
  /** The resources from the query's root to `def` (navigation-rules.ts, rule 1). */
  path: readonly string[];
  /** Set in a lambda's body, where a path does not yet start from a variable: the innermost variable (rule 2). */
  lambdaVar?: string;
}

/** `path`: the resources above `def` when it is an expansion's (compile-select.ts), `def` included. */
export function rootScope(ctx: CompileContext, def: ResourceDef, alias: string, path: readonly string[] = [def.name]): Scope {
  return { ctx, def, alias, vars: new Map(), path };
}

/** The scope of `nav`'s rows (`alias`), reached from `scope`: rules 1 and 2 of navigation-rules.ts checked. */
function scopeOf(nav: ResolvedNav, scope: Scope, alias: string): Scope {
  if (scope.lambdaVar !== undefined) refuseNavigationOutsideLambda(nav.name, scope.lambdaVar);
  return { ...scope, def: nav.target, alias, path: enterNavigation(scope.path, nav, undefined, 'filter'), lambdaVar: undefined };
}

const CMP: Record<string, string> = { eq: '=', ne: 'IS DISTINCT FROM', gt: '>', ge: '>=', lt: '<', le: '<=' };
const ARITH: Record<string, string> = { add: '+', sub: '-', mul: '*', div: '/', mod: '%' };

export function compileFilter(e: Expr, scope: Scope): RawBuilder<unknown> {
  const c = compileExpr(e, scope);
  if (c.type !== 'boolean') throw badRequest('$filter must be a boolean expression');
  return c.sql;
}

/**
 * The caller's filter `e` over rows that `rule` (the resource's read rule on the same alias) lets
 * them read, to be ANDed after the rule. PostgreSQL evaluates AND's operands in the order it
 * finds cheapest, not as written, so a filter that can fail on a row's data (filter-may-fail.ts:
 * `1 div (id sub 77) eq 0`, `1 div indexof(value,'AKIA') eq 0`) would run on other tenants'
 * rows too, and whether it failed would tell their ids and values. Those parts of the filter run
 * under CASE WHEN rule, which PostgreSQL evaluates in order; the others (comparisons, `in`,
 * lambdas, text searches: they cannot fail) stay as they are, and keep their indexes.
 */
export function ruleThenFilter(rule: RawBuilder<unknown>, e: Expr, scope: Scope): RawBuilder<unknown> {
  const parts = e.t === 'and' ? e.args : [e];
  return sql.join(
    parts.map((part) => afterRule(rule, part, compileFilter(part, scope))),
    sql` AND `,
  );
}

/** `c`, the SQL of `e`, evaluated only on rows `rule` holds for when `e` may fail on data. */
function afterRule(rule: RawBuilder<unknown>, e: Expr, c: RawBuilder<unknown>): RawBuilder<unknown> {
  return mayFailOnData(e) ? sql`(CASE WHEN ${rule} THEN ${c} ELSE FALSE END)` : c;
}

export function compileExpr(e: Expr, scope: Scope, hint?: SqlType): Typed {
  switch (e.t) {
    case 'lit':
      return compileLiteral(e.lit, hint);
    case 'and':
    case 'or': {
      const parts = e.args.map((a) => compileFilter(a, scope));
      return { sql: sql`(${sql.join(parts, e.t === 'and' ? sql` AND ` : sql` OR `)})`, type: 'boolean' };
    }
    case 'not':
      return { sql: sql`(NOT coalesce(${compileFilter(e.arg, scope)}, FALSE))`, type: 'boolean' };
    case 'cmp':
      return compileComparison(e.op, e.left, e.right, scope);
    case 'in':
      return compileIn(e.left, e.items, scope);
    case 'arith':
      return compileArithmetic(e.op, e.left, e.right, scope);
    case 'call':
      return compileCall(e.method, e.args, (arg, h) => compileExpr(arg, scope, h));
    case 'path':
      return compilePath(e.path, scope);
  }
}

/** Compiles the non-literal side first so the literal can be cast to its type. */
function pair(left: Expr, right: Expr, scope: Scope): [Typed, Typed] {
  if (left.t === 'lit' && right.t !== 'lit') {
    const r = compileExpr(right, scope);
    return [compileExpr(left, scope, r.type), r];
  }
  const l = compileExpr(left, scope);
  return [l, compileExpr(right, scope, l.type)];
}

function compileComparison(op: string, left: Expr, right: Expr, scope: Scope): Typed {
  const isNull = (x: Expr) => x.t === 'lit' && x.lit.kind === 'null';
  if (isNull(left) || isNull(right)) {
    const other = isNull(left) ? right : left;
    if (isNull(other)) return { sql: op === 'eq' ? sql`TRUE` : sql`FALSE`, type: 'boolean' };
    const o = compileExpr(other, scope).sql;
    if (op === 'eq') return { sql: sql`(${o} IS NULL)`, type: 'boolean' };
    if (op === 'ne') return { sql: sql`(${o} IS NOT NULL)`, type: 'boolean' };
    return { sql: sql`FALSE`, type: 'boolean' };
  }
  const [l, r] = pair(left, right, scope);
  if (l.type === 'json' || r.type === 'json') throw badRequest('JSON fields cannot be compared');
  return { sql: sql`(${l.sql} ${sql.raw(CMP[op] as string)} ${r.sql})`, type: 'boolean' };
}

function compileIn(left: Expr, items: Literal[], scope: Scope): Typed {
  const l = compileExpr(left, scope);
  const values = items.filter((i) => i.kind !== 'null').map((i) => compileLiteral(i, l.type).sql);
  const hasNull = values.length !== items.length;
  const inList = values.length > 0 ? sql`${l.sql} IN (${sql.join(values)})` : sql`FALSE`;
  return { sql: hasNull ? sql`(${inList} OR ${l.sql} IS NULL)` : sql`(${inList})`, type: 'boolean' };
}

function compileArithmetic(op: string, left: Expr, right: Expr, scope: Scope): Typed {
  const [l, r] = pair(left, right, scope);
  let type: SqlType = l.type === 'integer' && r.type === 'integer' ? 'integer' : 'number';
  if (l.type === 'datetime' && r.type === 'duration') type = 'datetime';
  else if (l.type === 'datetime' && r.type === 'datetime') type = 'duration';
  else if (l.type === 'duration' && r.type === 'duration') type = 'duration';
  return { sql: sql`(${l.sql} ${sql.raw(ARITH[op] as string)} ${r.sql})`, type };
}

function compilePath(node: PathNode, scope: Scope): Typed {
  const v = scope.vars.get(node.name);
  if (v) {
    if (!node.property) throw badRequest(`Lambda variable "${node.name}" must be followed by a property`);
    const rest = node.property;
    // An outer variable gives its fields; navigating from it inside another lambda would pair rows (rule 2).
    if (scope.lambdaVar !== undefined && node.name !== scope.lambdaVar && (rest.property || rest.lambda || rest.count)) refuseNavigationOutsideLambda(rest.name, scope.lambdaVar);
    return compilePath(rest, { ...scope, def: v.def, alias: v.alias, path: v.path, lambdaVar: undefined });
  }
  if (node.lambda) return compileLambda(requireNav(scope.ctx, scope.def, node.name), node.lambda, scope);
  if (node.count) {
    const nav = requireNav(scope.ctx, scope.def, node.name);
    return { sql: countSubquery(nav, scope, node.countFilter), type: 'integer' };
  }
  if (node.property) return compileThroughNav(requireNav(scope.ctx, scope.def, node.name), node.property, scope);
  const field = findField(scope.def, node.name);
  if (!field) throw badRequest(`Unknown field "${node.name}" on resource "${scope.def.name}"`);
  return { sql: fieldSql(field, scope.alias, scope.ctx.principal), type: sqlTypeOf(field.type), version: field.sortsAsVersion === true };
}

/** `FROM target AS child WHERE join AND read rule`, and `AND <more(rule)>` when given (a filter of the target's rows). */
function navFrom(nav: ResolvedNav, scope: Scope, child: string, more?: (rule: RawBuilder<unknown>) => RawBuilder<unknown>): RawBuilder<unknown> {
  const rule = scope.ctx.rule(nav.target, 'read', child);
  const extra = more ? sql` AND ${more(rule)}` : sql``;
  return sql`FROM ${sql.table(nav.target.table)} AS ${sql.id(child)} WHERE ${nav.on(scope.alias, child)} AND ${rule}${extra}`;
}

/** `(SELECT count(*) FROM target WHERE join AND read rule [AND filter])` — used by filters, orderby and `$expand=nav/$count`. */
export function countSubquery(nav: ResolvedNav, scope: Scope, filter?: Expr): RawBuilder<unknown> {
  const child = scope.ctx.alias();
  const inner = scopeOf(nav, scope, child);
  return sql`(SELECT count(*)::int ${navFrom(nav, scope, child, filter && ((rule) => ruleThenFilter(rule, filter, inner)))})`;
}

function compileLambda(nav: ResolvedNav, lambda: Lambda, scope: Scope): Typed {
  const child = scope.ctx.alias();
  const { path } = scopeOf(nav, scope, child);
  const vars = new Map(scope.vars).set(lambda.identifier, { def: nav.target, alias: child, path });
  const body = compileFilter(lambda.expression, { ...scope, vars, lambdaVar: lambda.identifier });
  // `all`: no readable row for which the body is not true.
  const test = lambda.method === 'any' ? body : sql`NOT coalesce(${body}, FALSE)`;
  const from = navFrom(nav, scope, child, (rule) => afterRule(rule, lambda.expression, test));
  return { sql: sql`${sql.raw(lambda.method === 'any' ? 'EXISTS' : 'NOT EXISTS')} (SELECT 1 ${from})`, type: 'boolean' };
}

/** `nav/field` (single-valued) or `nav/other/any(…)` (any row of a multi-valued nav). */
function compileThroughNav(nav: ResolvedNav, rest: PathNode, scope: Scope): Typed {
  const child = scope.ctx.alias();
  const inner = compilePath(rest, scopeOf(nav, scope, child));
  const from = navFrom(nav, scope, child);
  if (nav.cardinality === 'one') return { sql: sql`(SELECT ${inner.sql} ${from} LIMIT 1)`, type: inner.type, version: inner.version };
  if (inner.type === 'boolean') return { sql: sql`EXISTS (SELECT 1 ${from} AND ${inner.sql})`, type: 'boolean' };
  throw badRequest(`"${nav.name}" is multi-valued: use ${nav.name}/any(…) instead of a property path`);
}
