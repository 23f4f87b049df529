import type { Database, DatabaseOptions } from '../../apps/api/src/db/database.ts';
import { createScratchDatabase, openScratchDatabase } from '../../apps/api/src/db/scratch-database.ts';

/**
 * The benchmark's database: in-memory PGlite by default; with DATABASE_URL a fresh
 * PostgreSQL database `flotilla_bench_<hex>` created for the run and dropped afterwards, so
 * a large seed never lands in (or collides with) the database tests use.
 */
export interface BenchDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * A scratch PostgreSQL database `flotilla_bench_<hex>` next to the one `url` names, dropped by
 * `drop`. Its URL is what a bench hands to API servers it runs in child processes.
 */
export const scratchPostgres = (url: string) => createScratchDatabase(url, 'flotilla_bench');

/** `options`: e.g. a statement counter (db/statement-counter.ts) for a bench that reports statements per request. */
export function openBenchDatabase(options: Pick<DatabaseOptions, 'statementCounter'> = {}): Promise<BenchDatabase> {
  return openScratchDatabase(options, 'flotilla_bench');
}
