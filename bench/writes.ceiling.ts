import { sql } from 'kysely';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS, SYSTEM, type Principal } from '../apps/api/src/auth/principal.ts';
import type { Db } from '../apps/api/src/db/database.ts';
import type { AppConfig } from '../apps/api/src/lib/config.ts';
import { AppError, badRequest, notFound, unauthorized } from '../apps/api/src/lib/errors.ts';
import { registry } from '../apps/api/src/model/registry.ts';
import type { ResourceDef, Values, WriteContext } from '../apps/api/src/model/types.ts';
import type { ODataRequest } from '../apps/api/src/odata/ast.ts';
import { compileFilter, rootScope } from '../apps/api/src/odata/compile-filter.ts';
import { compileKey } from '../apps/api/src/odata/compile-key.ts';
import { compileGet } from '../apps/api/src/odata/compile-query.ts';
import { CompileContext, columnOf, idSql } from '../apps/api/src/odata/context.ts';
import { parseODataUrl } from '../apps/api/src/odata/parse.ts';
import { mapDbError } from '../apps/api/src/odata/write-errors.ts';
import { idArray } from '../apps/api/src/odata/write-target.ts';
import { clientValues, fieldByName, serverValues } from '../apps/api/src/odata/write-values.ts';

/**
 * The CEILING for the write benchmark: the OData write path as it was before writes were
 * checked on both sides — commit 2410bea's write-create.ts, write-update.ts and
 * write-target.ts, adapted to today's types and nothing else. Bench-only; the product never
 * imports it. What it does NOT do, and the engine now does:
 *
 * - no pre-check of the candidate row (POST: the create rule ran only on the inserted row,
 *   or on the candidate after an ON CONFLICT miss; PATCH: only the rule on the row as it was);
 * - no reference checks on foreign keys, no change rules;
 * - no per-principal writable fields: every field the model lets anyone write was accepted
 *   from any caller. `clientValues` with the SYSTEM principal is exactly that old test
 *   (`writable` and not computed), with today's coercions.
 *
 * Mounted by the bench as `/old/v7/*` on the same app (same auth hook, same error handler,
 * same database and registry), so the two paths differ only by the engine's write code.
 */

/** Where the bench mounts `oldWriteRoutes`: `/old/v7/<resource>…`. */
export const OLD_PREFIX = '/old';

/** 2410bea write-create.ts: hooks → INSERT … ON CONFLICT DO NOTHING → create rule on the inserted row → read back. */
async function createEntity(db: Db, ctx: CompileContext, def: ResourceDef, body: unknown, config: AppConfig): Promise<Record<string, unknown>> {
  let values = clientValues(def, body, 'create', SYSTEM);
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
  const system = new CompileContext(ctx.registry, SYSTEM);
  const row = await compileGet(system, { resource: def.name, key: { kind: 'id', value: { kind: 'number', value: id } }, count: false, options: {} }).execute(db);
  const entity = (row.rows[0]?.d as Record<string, unknown>[] | undefined)?.[0];
  if (!entity) throw new Error(`Created ${def.name} ${id} could not be read back`);
  return entity;
}

/** 2410bea: after a unique clash, the create rule on the candidate record, then the INSERT again for the 409. */
async function insertAfterConflict(db: Db, ctx: CompileContext, def: ResourceDef, values: Values): Promise<number> {
  const alias = ctx.alias();
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) record[columnOf(fieldByName(def, name))] = value;
  const check = await sql<{ ok: boolean }>`SELECT coalesce(${ctx.rule(def, 'create', alias)}, FALSE) AS ok
    FROM json_populate_record(NULL::${sql.table(def.table)}, ${JSON.stringify(record)}::json) AS ${sql.id(alias)}`.execute(db);
  if (check.rows[0]?.ok !== true) throw unauthorized();
  return (await insertRow(db, def, values, { skipOnConflict: false }))!;
}

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

/** 2410bea write-target.ts: the addressed rows with the read rule in the WHERE and the verb's rule on the row as it is. */
async function targetIds(db: Db, ctx: CompileContext, def: ResourceDef, req: ODataRequest): Promise<number[]> {
  if (req.count) throw badRequest('Cannot write to /$count');
  const o = req.options;
  if (o.select || o.expand || o.orderby || o.top !== undefined || o.skip !== undefined) {
    throw badRequest('PATCH and DELETE accept only a key or $filter');
  }
  const alias = ctx.alias();
  const where = [ctx.rule(def, 'read', alias)];
  if (req.key) where.push(compileKey(def, req.key, alias, ctx.principal));
  if (o.filter) where.push(compileFilter(o.filter, rootScope(ctx, def, alias)));
  const q = sql<{ id: number; ok: boolean }>`SELECT ${idSql(alias)} AS id, coalesce(${ctx.rule(def, 'update', alias)}, FALSE) AS ok
    FROM ${sql.table(def.table)} AS ${sql.id(alias)} WHERE ${sql.join(where, sql` AND `)} ORDER BY 1 FOR UPDATE OF ${sql.id(alias)}`;
  const rows = (await q.execute(db)).rows;
  if (req.key && rows.length === 0) throw notFound(`${def.name} not found`);
  if (rows.some((r) => !r.ok)) throw unauthorized();
  return rows.map((r) => Number(r.id));
}

/** 2410bea write-update.ts: targets → hooks → UPDATE → the update rule on the changed rows. */
async function updateEntities(db: Db, ctx: CompileContext, def: ResourceDef, req: ODataRequest, body: unknown, config: AppConfig): Promise<void> {
  let patch = clientValues(def, body, 'update', SYSTEM);
  const ids = await targetIds(db, ctx, def, req);
  if (ids.length === 0) return;
  const wctx: WriteContext = { db, principal: ctx.principal, config };
  if (def.hooks?.beforeUpdate) patch = serverValues(def, await def.hooks.beforeUpdate(patch, ids, wctx));
  const names = Object.keys(patch);
  if (names.length > 0) {
    const sets = names.map((n) => sql`${sql.id(columnOf(fieldByName(def, n)))} = ${patch[n]}`);
    await sql`UPDATE ${sql.table(def.table)} SET ${sql.join(sets)} WHERE id = ANY(${idArray(ids)})`.execute(db);
    const alias = ctx.alias();
    const denied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(def.table)} AS ${sql.id(alias)}
      WHERE ${idSql(alias)} = ANY(${idArray(ids)}) AND NOT coalesce(${ctx.rule(def, 'update', alias)}, FALSE)`.execute(db);
    if ((denied.rows[0]?.n ?? 0) > 0) throw unauthorized();
  }
  if (def.hooks?.afterUpdate) await def.hooks.afterUpdate(ids, patch, wctx);
}

/** engine.ts's POST/PATCH branch around those functions: one transaction, database errors mapped (409 "unique"). */
async function runOldWrite(db: Db, principal: Principal, method: string, url: string, body: unknown, config: AppConfig): Promise<{ status: number; body: unknown }> {
  const request = parseODataUrl(url);
  const ctx = new CompileContext(registry, principal);
  const def = ctx.resource(request.resource);
  if (principal.kind === 'anonymous') throw unauthorized();
  const op = method === 'POST' ? 'create' : 'update';
  const write = async (tx: Db) => {
    if (method === 'POST') return { status: 201, body: await createEntity(tx, ctx, def, body, config) };
    await updateEntities(tx, ctx, def, request, body, config);
    return { status: 200, body: 'OK' };
  };
  try {
    return await db.transaction().execute(write);
  } catch (err) {
    throw mapDbError(err, def, op) ?? err;
  }
}

/** odata.routes.ts's handler and JSON parser, for POST and PATCH on the old path. */
export const oldWriteRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    try {
      done(null, JSON.parse(typeof text === 'string' ? text : text.toString('utf8')));
    } catch {
      done(badRequest('The request body is not valid JSON'), undefined);
    }
  });
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw.url ?? request.url;
    let result: { status: number; body: unknown };
    try {
      result = await runOldWrite(app.db, request.principal ?? ANONYMOUS, request.method, raw.slice(`${OLD_PREFIX}/v7`.length), request.body, app.config);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      result = { status: err.status, body: { error: err.message, ...(err.code ? { code: err.code } : {}) } };
    }
    return reply.status(result.status).type('application/json').send(JSON.stringify(result.body));
  };
  app.route({ method: ['POST', 'PATCH'], url: '/v7/*', handler: handle });
};

