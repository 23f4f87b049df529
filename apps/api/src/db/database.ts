import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import { createPgPool, createPglitePool, openPglite, type PoolLike } from './pool.ts';
import { runMigrations } from './migrate.ts';

/**
 * One handle for the whole server: a Kysely instance over either PGlite (embedded default)
 * or a real PostgreSQL pool. Every query — typed Kysely builders and the OData compiler's
 * `sql` fragments alike — goes through the same dialect, so there is one code path for both
 * databases. `Kysely<any>`: tables are described by the model registry, not by codegen.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;

export interface DatabaseOptions {
  /** postgres://… selects a real PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; undefined = in-memory (tests). */
  dataDir?: string;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  let pool: PoolLike;
  let kind: Database['kind'];
  if (opts.databaseUrl) {
    pool = createPgPool(opts.databaseUrl);
    kind = 'postgres';
  } else {
    pool = createPglitePool(await openPglite(opts.dataDir));
    kind = 'pglite';
  }
  // PostgresDialect only needs connect()/query()/release()/end(), which PoolLike provides.
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: pool as never }) });
  await runMigrations(db);
  return { db, kind, close: () => db.destroy() };
}

/** Runs a compiled `sql` fragment and returns its rows. */
export async function queryRows<R>(db: Db, query: RawBuilder<unknown>): Promise<R[]> {
  const r = await query.execute(db);
  return r.rows as R[];
}

export { sql };
