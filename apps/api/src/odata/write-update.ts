import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { unauthorized } from '../lib/errors.ts';
import type { AppConfig } from '../lib/config.ts';
import type { ResourceDef, WriteContext } from '../model/types.ts';
import type { ODataRequest } from './ast.ts';
import { columnOf, idSql, type CompileContext } from './context.ts';
import { idArray, targetIds } from './write-target.ts';
import { assertReferencesAllowed } from './write-checks.ts';
import { assertTextBounds, changedKeys, clientValues, fieldByName, serverValues } from './write-values.ts';

/**
 * PATCH by key or `$filter`: target rows (read + update rule on the row before, and the
 * pre-check of each row as it will become: write-target.ts) → hooks.beforeUpdate →
 * references the hook set → UPDATE → the update rule re-checked on the changed rows →
 * hooks.afterUpdate.
 */
export async function updateEntities(db: Db, ctx: CompileContext, def: ResourceDef, req: ODataRequest, body: unknown, config: AppConfig): Promise<number[]> {
  const sent = clientValues(def, body, 'update', ctx.principal);
  const ids = await targetIds(db, ctx, def, req, 'update', sent);
  if (ids.length === 0) return ids;
  const wctx: WriteContext = { db, principal: ctx.principal, config };
  const patch = def.hooks?.beforeUpdate ? serverValues(def, await def.hooks.beforeUpdate({ ...sent }, ids, wctx), sent) : sent;
  assertTextBounds(def, patch);
  await assertReferencesAllowed(db, ctx, def, patch, changedKeys(def, sent, patch), 'update', ids);
  const names = Object.keys(patch);
  if (names.length > 0) {
    const sets = names.map((n) => sql`${sql.id(columnOf(fieldByName(def, n)))} = ${patch[n]}`);
    await sql`UPDATE ${sql.table(def.table)} SET ${sql.join(sets)} WHERE id = ANY(${idArray(ids)})`.execute(db);
    const alias = ctx.alias();
    const denied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(def.table)} AS ${sql.id(alias)}
      WHERE ${idSql(alias)} = ANY(${idArray(ids)}) AND NOT coalesce(${ctx.rule(def, 'update', alias, { rowsAtHand: true })}, FALSE)`.execute(db);
    if ((denied.rows[0]?.n ?? 0) > 0) throw unauthorized();
  }
  if (def.hooks?.afterUpdate) await def.hooks.afterUpdate(ids, patch, wctx);
  return ids;
}
