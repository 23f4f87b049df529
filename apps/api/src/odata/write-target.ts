import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { badRequest, notFound, unauthorized } from '../lib/errors.ts';
import type { ResourceDef } from '../model/types.ts';
import type { ODataRequest } from './ast.ts';
import { compileFilter, rootScope } from './compile-filter.ts';
import { compileKey } from './compile-key.ts';
import { idSql, type CompileContext } from './context.ts';

/**
 * The rows a PATCH/DELETE addresses (by key or `$filter`, within what the caller can read),
 * locked for the transaction. Documented choice: by key, a row the caller cannot read is
 * 404 and a readable row the verb's rule denies is 401; by `$filter`, zero matches is fine,
 * but any matched readable row the rule denies makes the whole request 401 (no partial writes).
 */
export async function targetIds(db: Db, ctx: CompileContext, def: ResourceDef, req: ODataRequest, verb: 'update' | 'delete'): Promise<number[]> {
  if (req.count) throw badRequest('Cannot write to /$count');
  const o = req.options;
  if (o.select || o.expand || o.orderby || o.top !== undefined || o.skip !== undefined) {
    throw badRequest('PATCH and DELETE accept only a key or $filter');
  }
  const alias = ctx.alias();
  const where = [ctx.rule(def, 'read', alias)];
  if (req.key) where.push(compileKey(def, req.key, alias));
  if (o.filter) where.push(compileFilter(o.filter, rootScope(ctx, def, alias)));
  const q = sql<{ id: number; ok: boolean }>`SELECT ${idSql(alias)} AS id, coalesce(${ctx.rule(def, verb, alias)}, FALSE) AS ok
    FROM ${sql.table(def.table)} AS ${sql.id(alias)} WHERE ${sql.join(where, sql` AND `)} ORDER BY 1 FOR UPDATE OF ${sql.id(alias)}`;
  const rows = (await q.execute(db)).rows;
  if (req.key && rows.length === 0) throw notFound(`${def.name} not found`);
  if (rows.some((r) => !r.ok)) throw unauthorized();
  return rows.map((r) => Number(r.id));
}

/** Bound as one text parameter so that bulk writes never hit the parameter limit. */
export const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
