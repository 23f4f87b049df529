import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { badRequest, unauthorized } from '../lib/errors.ts';
import type { AppConfig } from '../lib/config.ts';
import type { ResourceDef, Values, WriteContext } from '../model/types.ts';
import { compileGet } from './compile-query.ts';
import { CompileContext, columnOf, idSql } from './context.ts';
import { clientValues, fieldByName, serverValues } from './write-values.ts';

/**
 * POST: writable fields only → hooks.beforeCreate → required check → INSERT (a unique clash
 * is a 409 only for callers allowed to create the row) → the create rule on the inserted row
 * (failing rolls the transaction back, 401) → hooks.afterCreate → the created entity read
 * back in the same transaction. `db` is the transaction.
 */
export async function createEntity(db: Db, ctx: CompileContext, def: ResourceDef, body: unknown, config: AppConfig): Promise<Record<string, unknown>> {
  let values = clientValues(def, body, 'create');
  const wctx: WriteContext = { db, principal: ctx.principal, config };
  if (def.hooks?.beforeCreate) values = serverValues(def, await def.hooks.beforeCreate(values, wctx));
  for (const f of def.fields) {
    if (f.required && (values[f.name] === undefined || values[f.name] === null)) throw badRequest(`Field "${f.name}" of "${def.name}" is required`);
  }
  const id = (await insertRow(db, def, values, { skipOnConflict: true })) ?? (await insertAfterConflict(db, ctx, def, values));
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

/**
 * The row clashes with an existing one on a unique key. Only a caller who may create such a
 * row learns that (409 "unique", which drives the SDK's upsert); for anyone else the clash is
 * an unauthorised create, exactly as if the key were free — otherwise a 409 would confirm
 * rows the caller cannot see, and the SDK's upsert would fall through to a PATCH that
 * silently matches nothing. The create rule is evaluated on the candidate values (a record
 * of the table's row type; server-defaulted columns are NULL, create rules look at FKs).
 */
async function insertAfterConflict(db: Db, ctx: CompileContext, def: ResourceDef, values: Values): Promise<number> {
  const alias = ctx.alias();
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) record[columnOf(fieldByName(def, name))] = value;
  const check = await sql<{ ok: boolean }>`SELECT coalesce(${ctx.rule(def, 'create', alias)}, FALSE) AS ok
    FROM json_populate_record(NULL::${sql.table(def.table)}, ${JSON.stringify(record)}::json) AS ${sql.id(alias)}`.execute(db);
  if (check.rows[0]?.ok !== true) throw unauthorized();
  // Allowed: insert again without ON CONFLICT so PostgreSQL reports the clashing key (→ 409 "unique").
  return (await insertRow(db, def, values, { skipOnConflict: false }))!;
}

/** INSERT … RETURNING id; with skipOnConflict a unique clash inserts nothing and answers undefined. */
async function insertRow(db: Db, def: ResourceDef, values: Values, { skipOnConflict }: { skipOnConflict: boolean }): Promise<number | undefined> {
  const names = Object.keys(values);
  const table = sql.table(def.table);
  const onConflict = skipOnConflict ? sql`ON CONFLICT DO NOTHING` : sql``;
  const q =
    names.length === 0
      ? sql<{ id: number }>`INSERT INTO ${table} DEFAULT VALUES ${onConflict} RETURNING id`
      : sql<{ id: number }>`INSERT INTO ${table} (${sql.join(names.map((n) => sql.id(columnOf(fieldByName(def, n)))))})
          VALUES (${sql.join(names.map((n) => sql`${values[n]}`))}) ${onConflict} RETURNING id`;
  const r = await q.execute(db);
  return r.rows[0] ? Number(r.rows[0].id) : undefined;
}
