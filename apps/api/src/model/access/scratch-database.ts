import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../db/database.ts';

/**
 * A migrated database for model-level integration tests that do not need the HTTP app:
 * PGlite in memory, or a fresh PostgreSQL database when DATABASE_URL is set (dropped after).
 */
export async function openScratchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `flotilla_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
