import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { badRequest, notFound, unauthorized } from '../lib/errors.ts';
import type { ResourceDef, Values } from '../model/types.ts';
import type { ODataRequest } from './ast.ts';
import { rootScope, ruleThenFilter } from './compile-filter.ts';
import { compileKey } from './compile-key.ts';
import { idSql, ruleSql, type CompileContext } from './context.ts';
import { candidateJson, checkColumns, foreignKeysIn, raiseFailed, referenceChecks, type WriteCheck } from './write-checks.ts';

/**
 * The rows a PATCH/DELETE addresses (by key or `$filter`, within what the caller can read),
 * locked for the transaction. Documented choice: by key, a row the caller cannot read is
 * 404 and a readable row the verb's rule denies is 401; by `$filter`, zero matches is fine,
 * but any matched readable row the rule denies makes the whole request 401 (no partial writes).
 *
 * For a PATCH the same statement also pre-checks each row as it will become
 * (`json_populate_record(row, patch)`): the update rule on that candidate, the change rules of
 * the fields being changed (on the row as it is), and every foreign key written as a
 * reference the caller may make (write-checks.ts) — all before any hook or UPDATE runs.
 */
export async function targetIds(db: Db, ctx: CompileContext, def: ResourceDef, req: ODataRequest, verb: 'update' | 'delete', patch?: Values): Promise<number[]> {
  if (req.count) throw badRequest('Cannot write to /$count');
  const o = req.options;
  if (o.select || o.expand || o.orderby || o.top !== undefined || o.skip !== undefined) {
    throw badRequest('PATCH and DELETE accept only a key or $filter');
  }
  const alias = ctx.alias();
  const rule = ctx.rule(def, 'read', alias);
  const where = [rule];
  if (req.key) where.push(compileKey(def, req.key, alias, ctx.principal));
  if (o.filter) where.push(ruleThenFilter(rule, o.filter, rootScope(ctx, def, alias)));
  const candidate = patch && Object.keys(patch).length > 0 && ctx.principal.kind !== 'system' ? ctx.alias() : undefined;
  const checks = candidate && patch ? candidateChecks(ctx, def, alias, candidate, patch, { oneRow: req.key !== undefined }) : [];
  const lateral: RawBuilder<unknown> =
    candidate && patch ? sql` CROSS JOIN LATERAL json_populate_record(${sql.id(alias)}, ${candidateJson(def, patch)}::json) AS ${sql.id(candidate)}` : sql``;
  const q = sql<Record<string, unknown> & { id: number; ok: boolean }>`SELECT ${idSql(alias)} AS id, coalesce(${ctx.rule(def, verb, alias, { rowsAtHand: true })}, FALSE) AS ok${
    checks.length > 0 ? sql`, ${sql.join(checkColumns(checks))}` : sql``
  }
    FROM ${sql.table(def.table)} AS ${sql.id(alias)}${lateral} WHERE ${sql.join(where, sql` AND `)} ORDER BY 1 FOR UPDATE OF ${sql.id(alias)}`;
  const rows = (await q.execute(db)).rows;
  if (req.key && rows.length === 0) throw notFound(`${def.name} not found`);
  if (rows.some((r) => !r.ok)) throw unauthorized();
  raiseFailed(checks, rows);
  return rows.map((r) => Number(r.id));
}

/** Pre-checks of a PATCH over the row as it is (`before`) and as it will become (`after`). */
function candidateChecks(ctx: CompileContext, def: ResourceDef, before: string, after: string, patch: Values, one: { oneRow: boolean }): WriteCheck[] {
  const checks: WriteCheck[] = [{ sql: ruleSql(def.permissions.update, after, ctx.principal, { rowsAtHand: true }), fail: () => unauthorized() }];
  for (const name of Object.keys(patch)) {
    const rule = def.fields.find((f) => f.name === name)?.changeRule;
    if (rule) checks.push({ sql: ruleSql(rule, before, ctx.principal, { rowsAtHand: true }), fail: () => unauthorized() });
  }
  return [...checks, ...referenceChecks(ctx, def, foreignKeysIn(def, patch), after, 'update', one)];
}

/** Bound as one text parameter so that bulk writes never hit the parameter limit. */
export const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
