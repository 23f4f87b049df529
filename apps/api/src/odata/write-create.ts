import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { badRequest, unauthorized } from '../lib/errors.ts';
import type { ResourceDef, Values } from '../model/types.ts';
import { compileGet } from './compile-query.ts';
import { CompileContext, columnOf, idSql } from './context.ts';
import { clientValues, fieldByName, serverValues } from './write-values.ts';

/**
 * POST: writable fields only → hooks.beforeCreate → required check → INSERT → the create
 * rule on the inserted row (failing rolls the transaction back, 401) → hooks.afterCreate →
 * the created entity read back in the same transaction. `db` is the transaction.
 */
export async function createEntity(db: Db, ctx: CompileContext, def: ResourceDef, body: unknown): Promise<Record<string, unknown>> {
  let values = clientValues(def, body);
  const wctx = { db, principal: ctx.principal };
  if (def.hooks?.beforeCreate) values = serverValues(def, await def.hooks.beforeCreate(values, wctx));
  for (const f of def.fields) {
    if (f.required && (values[f.name] === undefined || values[f.name] === null)) throw badRequest(`Field "${f.name}" of "${def.name}" is required`);
  }
  const id = await insertRow(db, def, values);
  const alias = ctx.alias();
  const check = await sql<{ ok: boolean }>`SELECT coalesce(${ctx.rule(def, 'create', alias)}, FALSE) AS ok
    FROM ${sql.table(def.table)} AS ${sql.id(alias)} WHERE ${idSql(alias)} = ${id}`.execute(db);
  if (check.rows[0]?.ok !== true) throw unauthorized();
  if (def.hooks?.afterCreate) await def.hooks.afterCreate({ ...values, id }, wctx);
  // The creator passed the create rule; the read-back shows the whole new row.
  const system = new CompileContext(ctx.registry, { kind: 'system' });
  const row = await compileGet(system, { resource: def.name, key: { kind: 'id', value: { kind: 'number', value: id } }, count: false, options: {} }).execute(db);
  const entity = (row.rows[0]?.d as Record<string, unknown>[] | undefined)?.[0];
  if (!entity) throw new Error(`Created ${def.name} ${id} could not be read back`);
  return entity;
}

async function insertRow(db: Db, def: ResourceDef, values: Values): Promise<number> {
  const names = Object.keys(values);
  const table = sql.table(def.table);
  const q =
    names.length === 0
      ? sql<{ id: number }>`INSERT INTO ${table} DEFAULT VALUES RETURNING id`
      : sql<{ id: number }>`INSERT INTO ${table} (${sql.join(names.map((n) => sql.id(columnOf(fieldByName(def, n)))))})
          VALUES (${sql.join(names.map((n) => sql`${values[n]}`))}) RETURNING id`;
  const r = await q.execute(db);
  return Number(r.rows[0]?.id);
}
