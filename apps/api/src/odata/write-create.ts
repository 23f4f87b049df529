import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { badRequest, unauthorized } from '../lib/errors.ts';
import type { AppConfig } from '../lib/config.ts';
import type { ResourceDef, Values, WriteContext } from '../model/types.ts';
import { compileGet } from './compile-query.ts';
import { CompileContext, columnOf, idSql } from './context.ts';
import { assertCreateAllowed, assertReferencesAllowed } from './write-checks.ts';
import { assertTextBounds, changedKeys, clientValues, fieldByName, serverValues } from './write-values.ts';

/**
 * POST: fields writable by the caller's kind only → the pre-check (create rule on the
 * candidate row and every foreign key as a reference the caller may make, write-checks.ts)
 * → hooks.beforeCreate (validation that may look at other rows, server-filled fields) →
 * references the hook set → required check → INSERT (a unique clash is a 409: the caller
 * passed the create rule, so it may know) → the create rule on the inserted row (failing
 * rolls the transaction back, 401) → hooks.afterCreate → the created entity read back in the
 * same transaction. `db` is the transaction.
 */
export async function createEntity(db: Db, ctx: CompileContext, def: ResourceDef, body: unknown, config: AppConfig): Promise<Record<string, unknown>> {
  const sent = clientValues(def, body, 'create', ctx.principal);
  await assertCreateAllowed(db, ctx, def, sent);
  const wctx: WriteContext = { db, principal: ctx.principal, config };
  const values = def.hooks?.beforeCreate ? serverValues(def, await def.hooks.beforeCreate({ ...sent }, wctx), sent) : sent;
  assertTextBounds(def, values);
  await assertReferencesAllowed(db, ctx, def, values, changedKeys(def, sent, values), 'create');
  for (const f of def.fields) {
    if (f.required && (values[f.name] === undefined || values[f.name] === null)) throw badRequest(`Field "${f.name}" of "${def.name}" is required`);
  }
  const id = await insertRow(db, def, values);
  const alias = ctx.alias();
  const ok = sql`(SELECT coalesce(${ctx.rule(def, 'create', alias, { rowsAtHand: true })}, FALSE) FROM ${sql.table(def.table)} AS ${sql.id(alias)} WHERE ${idSql(alias)} = ${id})`;
  // The creator passed the create rule; the read-back shows the whole new row.
  const system = new CompileContext(ctx.registry, { kind: 'system' });
  const readBack = compileGet(system, { resource: def.name, key: { kind: 'id', value: { kind: 'number', value: id } }, count: false, options: {} });
  let row: { ok: boolean; d: unknown } | undefined;
  if (def.hooks?.afterCreate) {
    if ((await sql<{ ok: boolean }>`SELECT ${ok} AS ok`.execute(db)).rows[0]?.ok !== true) throw unauthorized();
    await def.hooks.afterCreate({ ...values, id }, wctx);
    row = { ok: true, d: (await readBack.execute(db)).rows[0]?.d };
  } else {
    // No hook runs in between, so the post-check and the read-back are one statement: one round
    // trip and one plan less per POST (bench/writes). A failed check still answers 401 and rolls back.
    row = (await sql<{ ok: boolean; d: unknown }>`SELECT ${ok} AS ok, rb.d FROM (${readBack}) AS rb`.execute(db)).rows[0];
    if (row?.ok !== true) throw unauthorized();
  }
  const entity = (row.d as Record<string, unknown>[] | undefined)?.[0];
  if (!entity) throw new Error(`Created ${def.name} ${id} could not be read back`);
  return entity;
}

/** A created row as the POST answers it, read by the system principal (the creator passed the create rule). */
export async function readCreated(db: Db, ctx: CompileContext, def: ResourceDef, id: number): Promise<Record<string, unknown>> {
  const system = new CompileContext(ctx.registry, { kind: 'system' });
  const readBack = compileGet(system, { resource: def.name, key: { kind: 'id', value: { kind: 'number', value: id } }, count: false, options: {} });
  const entity = ((await readBack.execute(db)).rows[0]?.d as Record<string, unknown>[] | undefined)?.[0];
  if (!entity) throw new Error(`Created ${def.name} ${id} could not be read back`);
  return entity;
}

/** INSERT … RETURNING id. */
async function insertRow(db: Db, def: ResourceDef, values: Values): Promise<number> {
  const names = Object.keys(values);
  const table = sql.table(def.table);
  const q =
    names.length === 0
      ? sql<{ id: number }>`INSERT INTO ${table} DEFAULT VALUES RETURNING id`
      : sql<{ id: number }>`INSERT INTO ${table} (${sql.join(names.map((n) => sql.id(columnOf(fieldByName(def, n)))))})
          VALUES (${sql.join(names.map((n) => sql`${values[n]}`))}) RETURNING id`;
  const r = await q.execute(db);
  return Number(r.rows[0]!.id);
}
