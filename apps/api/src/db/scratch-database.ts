import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from './database.ts';

/**
 * A fresh PostgreSQL database next to the one `url` names (tests, benches, a test cluster: each
 * its own, so parallel runs never see each other's rows), and `drop` to remove it. `prefix`
 * names what made it, for whoever finds one left behind.
 */
export async function createScratchDatabase(url: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  // Only [0-9a-f] after a fixed prefix: safe to splice into CREATE/DROP DATABASE.
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runAdmin(url, `CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => runAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function runAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of one's own: in-memory PGlite, or with DATABASE_URL a scratch PostgreSQL database
 * (createScratchDatabase), migrated; `drop` closes it and removes the scratch database.
 */
export async function openScratchDatabase(
  options: Omit<DatabaseOptions, 'databaseUrl' | 'dataDir'>,
  prefix: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase(options);
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(url, prefix);
  const database = await openDatabase({ ...options, databaseUrl: scratch.url });
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}
