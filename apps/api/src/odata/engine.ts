/**
 * The OData v7 resource engine (compat/balena-api.md §2).
 *
 * Pipeline, one request:
 *   1. parse.ts        raw URL → `ODataRequest` (split on `&` before decoding, decode once,
 *                      @balena/odata-parser, binds resolved to literals). Bad syntax → 400.
 *   2. compile-*.ts    GET → ONE SQL statement built with kysely's `sql` tag: identifiers
 *                      only from the registry, every value a bound parameter. The caller's
 *                      read RowRule is ANDed into the main query and into every expansion,
 *                      lambda and count. PostgreSQL builds the `{"d": …}` JSON itself
 *                      (`json_agg` sub-selects, ISO dates, FKs as `{"__id": N}`).
 *   3. write-*.ts      POST/PATCH/DELETE, each in one transaction: body coercion, hooks,
 *                      create/update/delete RowRules (in the WHERE and re-checked after the
 *                      change), SQLSTATE → 400/409 (write-errors.ts).
 * Errors the caller caused come back as `{status, body: {error}}`; only real faults throw.
 */
import { MSG_DEVICE_FROZEN } from '../devices/device-frozen.ts';
import type { Principal } from '../auth/principal.ts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared.ts';
import { defaultConfig, type AppConfig } from '../lib/config.ts';
import { AppError, badRequest, unauthorized } from '../lib/errors.ts';
import type { ResourceDef, ResourceRegistry } from '../model/types.ts';
import type { ODataRequest, QueryOptions } from './ast.ts';
import { compileGet } from './compile-query.ts';
import { CompileContext } from './context.ts';
import { parseODataUrl } from './parse.ts';
import { createEntity, readCreated } from './write-create.ts';
import { deleteEntities } from './write-delete.ts';
import { mapDbError } from './write-errors.ts';
import { updateEntities } from './write-update.ts';

export type ODataMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ODataHttpRequest {
  method: ODataMethod;
  /** Path + query after the `/v7` prefix, raw (still percent-encoded), e.g. `/device(uuid='…')?$select=id`. */
  url: string;
  body?: unknown;
}

export interface ODataResult {
  status: number;
  body: unknown;
  /** Headers of a refusal (a 429's Retry-After). */
  headers?: Record<string, string>;
}

/**
 * `config` reaches write hooks (WriteContext.config: links in emails). The HTTP layer always
 * passes the app's; server code and unit tests that write nothing config-dependent may omit it.
 */
export interface ODataEngine {
  execute(db: Db, principal: Principal, req: ODataHttpRequest, config?: AppConfig): Promise<ODataResult>;
  /**
   * Typed helper for server code: the `d` array of a collection GET (throws AppError on bad input).
   * `prepared`: the statement's text is the same on every call (values only as parameters), and
   * the call is hot enough for its plan to be kept per connection (db/prepared.ts).
   */
  get<T = Record<string, unknown>>(db: Db, principal: Principal, resource: string, options?: QueryOptions, how?: { prepared?: boolean }): Promise<T[]>;
  /** Runs an already parsed request (throws AppError on bad input). */
  run(db: Db, principal: Principal, method: ODataMethod, request: ODataRequest, body?: unknown, config?: AppConfig): Promise<ODataResult>;
}

export function createODataEngine(registry: ResourceRegistry): ODataEngine {
  const run = async (
    db: Db,
    principal: Principal,
    method: ODataMethod,
    request: ODataRequest,
    body?: unknown,
    config: AppConfig = defaultConfig(),
    prepared = false,
  ): Promise<ODataResult> => {
    const ctx = new CompileContext(registry, principal);
    const def = ctx.resource(request.resource);
    if (method === 'GET') {
      const statement = compileGet(ctx, request);
      const rows = await catchDb(def, 'read', () => (prepared ? sql<{ d: unknown }>`${preparedStatement}${statement}` : statement).execute(db));
      // The statement is one aggregate: exactly one row with a payload. Anything else is a
      // fault reported as one, never passed off as an empty result.
      const d = rows.rows.length === 1 ? rows.rows[0]?.d : undefined;
      if (d === undefined || d === null) throw new Error(`GET ${def.name}: the statement returned ${rows.rows.length} rows and no payload`);
      return { status: 200, body: { d } };
    }
    if (principal.kind === 'anonymous') throw unauthorized();
    // A frozen device is not served (devices/device-frozen.ts): its key writes nothing either.
    if (principal.kind === 'device' && principal.isFrozen) throw unauthorized(MSG_DEVICE_FROZEN);
    if (method === 'POST') {
      if (request.key || request.count || Object.keys(request.options).length > 0) throw badRequest('POST takes no key or query options');
      const afterCommit = def.hooks?.afterCommit;
      if (afterCommit && db.isTransaction) throw new Error(`POST ${def.name} needs a transaction of its own (hooks.afterCommit)`);
      const entity = await inTransaction(db, def, 'create', (tx) => createEntity(tx, ctx, def, body, config));
      if (!afterCommit) return { status: 201, body: entity };
      const id = entity.id as number;
      await afterCommit({ id }, { db, principal, config });
      return { status: 201, body: await readCreated(db, ctx, def, id) };
    }
    if (method === 'PATCH') {
      await inTransaction(db, def, 'update', (tx) => updateEntities(tx, ctx, def, request, body, config));
      return { status: 200, body: 'OK' };
    }
    if (method === 'DELETE') {
      await inTransaction(db, def, 'delete', (tx) => deleteEntities(tx, ctx, def, request, config));
      return { status: 200, body: 'OK' };
    }
    throw new AppError(405, `Method ${String(method)} not allowed`);
  };

  return {
    run,
    async execute(db, principal, req, config) {
      try {
        return await run(db, principal, req.method, parseODataUrl(req.url), req.body, config);
      } catch (err) {
        // 5xx AppErrors (database busy or timed out) go to the error handler, which also sends their headers (Retry-After).
        if (err instanceof AppError && err.status < 500) return { status: err.status, body: { error: err.message, ...(err.code ? { code: err.code } : {}) }, headers: err.headers };
        throw err;
      }
    },
    async get<T>(db: Db, principal: Principal, resource: string, options: QueryOptions = {}, how: { prepared?: boolean } = {}) {
      const r = await run(db, principal, 'GET', { resource, count: false, options }, undefined, undefined, how.prepared);
      return (r.body as { d: T[] }).d;
    },
  };
}

async function catchDb<T>(def: ResourceDef, op: 'read' | 'create' | 'update' | 'delete', fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw mapDbError(err, def, op) ?? err;
  }
}

/** One transaction per write; joins the caller's transaction when `db` already is one. */
function inTransaction<T>(db: Db, def: ResourceDef, op: 'create' | 'update' | 'delete', fn: (tx: Db) => Promise<T>): Promise<T> {
  return catchDb(def, op, () => (db.isTransaction ? fn(db) : db.transaction().execute(fn)));
}
