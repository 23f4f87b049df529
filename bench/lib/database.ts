import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '../../apps/api/src/db/database.ts';

/**
 * The benchmark's database: in-memory PGlite by default; with DATABASE_URL a fresh
 * PostgreSQL database `flotilla_bench_<hex>` created for the run and dropped afterwards, so
 * a large seed never lands in (or collides with) the database tests use.
 */
export interface BenchDatabase {
  database: Database;
  drop(): Promise<void>;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A scratch PostgreSQL database `flotilla_bench_<hex>` next to the one `url` names, dropped by
 * `drop`. Its URL is what a bench hands to API servers it runs in child processes.
 */
export async function scratchPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  // Only [0-9a-f] after the prefix: safe to splice into CREATE/DROP DATABASE.
  const name = `flotilla_bench_${randomBytes(5).toString('hex')}`;
  await admin(url, `CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** `options`: e.g. a statement counter (db/statement-counter.ts) for a bench that reports statements per request. */
export async function openBenchDatabase(options: Pick<DatabaseOptions, 'statementCounter'> = {}): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ ...options });
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchPostgres(url);
  const database = await openDatabase({ ...options, databaseUrl: scratch.url });
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}
