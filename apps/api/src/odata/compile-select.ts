import { sql, type RawBuilder } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import { badRequest } from '../lib/errors.ts';
import type { FieldDef, ResourceDef } from '../model/types.ts';
import type { ExpandItem, QueryOptions } from './ast.ts';
import { countSubquery, rootScope, ruleThenFilter } from './compile-filter.ts';
import { compileOrderBy, compilePaging } from './compile-orderby.ts';
import { fieldSql, findField, findNav, requireNav, type CompileContext } from './context.ts';
import { enterNavigation } from './navigation-rules.ts';

/**
 * Rows → JSON. Each entity is one row of a sub-select whose column names are the wire
 * names; `json_agg(sub)` turns a whole set into a JSON array inside PostgreSQL, so an
 * expansion of any depth stays one statement (no N+1) and no per-row JavaScript runs.
 */

/** A field's wire value: ISO dates, `{"__id": N}` for foreign keys, JSON and numbers as is. */
export function outputValue(f: FieldDef, alias: string, principal: Principal): RawBuilder<unknown> {
  const v = fieldSql(f, alias, principal);
  if (f.type === 'Date Time') return sql`to_char(${v} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (f.type === 'ForeignKey') return sql`CASE WHEN ${v} IS NULL THEN NULL ELSE json_build_object('__id', ${v}) END`;
  return v;
}

function selectedFields(def: ResourceDef, select: QueryOptions['select']): [string, FieldDef][] {
  if (select === undefined || select === '*') return def.fields.filter((f) => !f.hidden).map((f) => [f.name, f]);
  return select.map((name): [string, FieldDef] => {
    const f = findField(def, name);
    if (f) return [name, f];
    if (def.navs?.some((n) => n.name === name || n.aliases?.includes(name))) {
      throw badRequest(`"${name}" is a navigation of "${def.name}": use $expand=${name}`);
    }
    throw badRequest(`Unknown field "${name}" on resource "${def.name}"`);
  });
}

function projection(ctx: CompileContext, def: ResourceDef, alias: string, options: QueryOptions, path: readonly string[]): RawBuilder<unknown> {
  const columns = new Map<string, RawBuilder<unknown>>();
  const expanded = new Set((options.expand ?? []).map((e) => e.name));
  for (const [name, f] of selectedFields(def, options.select)) {
    if (!expanded.has(name) && !columns.has(name)) columns.set(name, outputValue(f, alias, ctx.principal));
  }
  for (const item of options.expand ?? []) {
    if (columns.has(item.name) && !expanded.has(item.name)) continue;
    columns.set(item.name, expansion(ctx, def, alias, item, path));
  }
  if (columns.size === 0) throw badRequest('Nothing to select');
  return sql.join([...columns].map(([name, value]) => sql`${value} AS ${sql.id(name)}`));
}

/** `nav` → JSON array (single-valued navigations too); `nav/$count` → integer. */
function expansion(ctx: CompileContext, def: ResourceDef, alias: string, item: ExpandItem, path: readonly string[]): RawBuilder<unknown> {
  const nav = findNav(ctx, def, item.name) ?? requireNav(ctx, def, item.name);
  const scope = rootScope(ctx, def, alias, path);
  if (item.count) return countSubquery(nav, scope, item.options.filter);
  const child = ctx.alias();
  const rows = selectRows(ctx, nav.target, child, item.options, nav.on(alias, child), enterNavigation(path, nav, item.options.top));
  const sub = sql.id(`${child}_rows`);
  return sql`(SELECT coalesce(json_agg(${sub}), '[]'::json) FROM (${rows}) AS ${sub})`;
}

/**
 * `SELECT <wire columns> FROM table AS alias WHERE read rule AND extra AND $filter
 * ORDER BY … LIMIT … OFFSET …` — the shared core of a collection GET and of every expansion.
 *
 * With `$top`/`$skip` the page is chosen first, over the bare rows:
 * `SELECT <wire columns> FROM (SELECT alias.* FROM table AS alias WHERE … ORDER BY … LIMIT … OFFSET …)
 * AS alias ORDER BY …`. A LIMIT subquery is never flattened, so expansions and computed fields
 * run for the rows of the page only; in one flat SELECT PostgreSQL would compute them for
 * every row OFFSET skips. The outer ORDER BY repeats the inner one over the same rows (the id
 * tie-breaker makes it total), so the page keeps its order.
 */
export function selectRows(
  ctx: CompileContext,
  def: ResourceDef,
  alias: string,
  options: QueryOptions,
  extra?: RawBuilder<unknown>,
  /** The resources from the query's root to `def` (an expansion's), for navigation-rules.ts. */
  path: readonly string[] = [def.name],
): RawBuilder<unknown> {
  const scope = rootScope(ctx, def, alias, path);
  const rule = ctx.rule(def, 'read', alias);
  const where = [rule];
  if (extra) where.push(extra);
  if (options.filter) where.push(ruleThenFilter(rule, options.filter, scope));
  const from = sql`${sql.table(def.table)} AS ${sql.id(alias)} WHERE ${sql.join(where, sql` AND `)}`;
  if (options.top === undefined && !options.skip) {
    const cols = projection(ctx, def, alias, options, path);
    return sql`SELECT ${cols} FROM ${from}${compileOrderBy(options.orderby, scope)}`;
  }
  const page = sql`SELECT ${sql.id(alias)}.* FROM ${from}${compileOrderBy(options.orderby, scope)}${compilePaging(options.top, options.skip)}`;
  const cols = projection(ctx, def, alias, options, path);
  return sql`SELECT ${cols} FROM (${page}) AS ${sql.id(alias)}${compileOrderBy(options.orderby, scope)}`;
}
