import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import type { ResourceDef } from '../model/types.ts';
import type { ODataRequest } from './ast.ts';
import type { CompileContext } from './context.ts';
import { idArray, targetIds } from './write-target.ts';

/** DELETE by key or `$filter`: target rows (read + delete rule) → hooks.beforeDelete → DELETE. */
export async function deleteEntities(db: Db, ctx: CompileContext, def: ResourceDef, req: ODataRequest, config: AppConfig): Promise<number[]> {
  const ids = await targetIds(db, ctx, def, req, 'delete');
  if (ids.length === 0) return ids;
  if (def.hooks?.beforeDelete) await def.hooks.beforeDelete(ids, { db, principal: ctx.principal, config });
  await sql`DELETE FROM ${sql.table(def.table)} WHERE id = ANY(${idArray(ids)})`.execute(db);
  return ids;
}
