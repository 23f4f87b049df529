import { sql, type RawBuilder } from 'kysely';
import type { ODataRequest } from './ast.ts';
import { rootScope, ruleThenFilter } from './compile-filter.ts';
import { compileKey } from './compile-key.ts';
import { selectRows } from './compile-select.ts';
import type { CompileContext } from './context.ts';

/**
 * A GET → ONE statement returning one row `{ d }`: the `{"d": …}` payload already built by
 * PostgreSQL (`json_agg` of the rows, or `count(*)` for `/$count`).
 */
export function compileGet(ctx: CompileContext, req: ODataRequest): RawBuilder<{ d: unknown }> {
  const def = ctx.resource(req.resource);
  const alias = ctx.alias();
  const keyCond = req.key ? compileKey(def, req.key, alias, ctx.principal) : undefined;
  if (req.count) {
    const rule = ctx.rule(def, 'read', alias);
    const where = [rule];
    if (keyCond) where.push(keyCond);
    if (req.options.filter) where.push(ruleThenFilter(rule, req.options.filter, rootScope(ctx, def, alias)));
    return sql<{ d: unknown }>`SELECT count(*)::int AS d FROM ${sql.table(def.table)} AS ${sql.id(alias)} WHERE ${sql.join(where, sql` AND `)}`;
  }
  const rows = selectRows(ctx, def, alias, req.options, keyCond);
  return sql<{ d: unknown }>`SELECT coalesce(json_agg(q), '[]'::json) AS d FROM (${rows}) AS q`;
}
