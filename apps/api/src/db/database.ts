import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import { consoleLog, createPgPool, createPglitePool, openPglite, type PoolLike, type PoolLog, type WaitBounds } from './pool.ts';
import { runMigrations } from './migrate.ts';
import type { StatementCounter } from './statement-counter.ts';
import type { DB } from './schema.generated.ts';

/**
 * One handle for the whole server: a Kysely instance over either PGlite (embedded default)
 * or a real PostgreSQL pool. Every query — typed Kysely builders and the OData compiler's
 * `sql` fragments alike — goes through the same dialect, so there is one code path for both
 * databases. Typed by `DB`, generated from the migrated schema (db/schema.generated.ts,
 * `npm run db:types`): repositories, services, hooks and jobs get checked table and column
 * names and row types. The OData engine names its tables from the model registry at run time
 * and compiles `sql` fragments, which need no table types; `dynamicDb` below is the one
 * escape hatch for a builder query over a run-time table name.
 */
export type Db = Kysely<DB>;
/** The tables and views of the migrated schema (generated; `Database` below is the open handle). */
export type { DB };

/**
 * Cost bounds of the database layer (issue 8 "Bounded cost"). 30 s is far above any page
 * the dashboard or the SDK reads (bench/: the device page of a 100 000-device fleet takes
 * milliseconds) and short enough that a runaway statement cannot hold a connection for long.
 * A session idle inside a transaction for a minute is a bug holding locks; PostgreSQL ends it.
 */
export const DATABASE_TIMEOUT_DEFAULTS = { statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 60_000 } as const;

export interface DatabaseOptions {
  /** postgres://… selects a real PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; undefined = in-memory (tests). */
  dataDir?: string;
  /**
   * PGlite in memory only: a migrated data directory to start from (db/pglite-template.ts), so
   * a test's database skips initdb and the migrations; those it lacks still run.
   */
  template?: Blob;
  /**
   * PostgreSQL only: statement_timeout of serving connections, ms (0 = none). Migrations run
   * on their own connection without it. PGlite cannot interrupt a statement (db/pool.ts).
   */
  statementTimeoutMs?: number;
  /** PostgreSQL only: idle_in_transaction_session_timeout, ms (0 = none). */
  idleInTransactionTimeoutMs?: number;
  /** Bounds of the wait for a connection, both databases (db/pool.ts WAIT_DEFAULTS). */
  queue?: WaitBounds;
  /**
   * Where pool errors and load shedding are logged (default: stderr). The server can pass
   * its logger here, or later through `Database.setLog` once `app.log` exists.
   */
  log?: PoolLog;
  /** Tests only (db/statement-counter.ts): the serving pool reports every statement to it. Unset = not wrapped. */
  statementCounter?: StatementCounter;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Replaces the logger the pools report to (e.g. with `app.log` once the app is built). */
  setLog(log: PoolLog): void;
  close(): Promise<void>;
}

export const kyselyOver = (pool: PoolLike, counter?: StatementCounter): Db =>
  // PostgresDialect only needs connect()/query()/release()/end(), which PoolLike provides.
  new Kysely({ dialect: new PostgresDialect({ pool: (counter ? counter.wrap(pool) : pool) as never }) });

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  let current = opts.log ?? consoleLog;
  const log = () => current;
  let db: Db;
  let kind: Database['kind'];
  if (opts.databaseUrl) {
    // Migrations may legitimately run long (an index on a big table): no timeouts there.
    const migrator = kyselyOver(createPgPool(opts.databaseUrl, { max: 1, log }));
    try {
      await runMigrations(migrator);
    } finally {
      await migrator.destroy();
    }
    db = kyselyOver(
      createPgPool(opts.databaseUrl, {
        statementTimeoutMs: opts.statementTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs,
        idleInTransactionTimeoutMs: opts.idleInTransactionTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.idleInTransactionTimeoutMs,
        ...opts.queue,
        log,
      }),
      opts.statementCounter,
    );
    kind = 'postgres';
  } else {
    db = kyselyOver(createPglitePool(await openPglite(opts.dataDir, opts.template), { ...opts.queue, log }), opts.statementCounter);
    await runMigrations(db);
    kind = 'pglite';
  }
  return {
    db,
    kind,
    setLog: (next) => {
      current = next;
    },
    close: () => db.destroy(),
  };
}

/**
 * The one untyped view of the database, for builder queries whose table is chosen at run time —
 * a resource's `table` from the model registry, a test helper's `table` argument — which the
 * generated `DB` cannot check. Keep such queries few: the OData engine needs none (it compiles
 * `sql` fragments with `sql.table`/`sql.ref`), and repositories, services, hooks and jobs name
 * their tables and use `Db`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const dynamicDb = (db: Db): Kysely<any> => db;

/** Runs a compiled `sql` fragment and returns its rows. */
export async function queryRows<R>(db: Db, query: RawBuilder<unknown>): Promise<R[]> {
  const r = await query.execute(db);
  return r.rows as R[];
}

export { sql };
