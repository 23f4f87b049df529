import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './database.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Plain numbered SQL files (`0001_actors.sql`, …) applied in order, each in its own
 * transaction, recorded in `schema_migration`. An advisory lock keeps two replicas that
 * start together from applying the same file twice.
 */
export async function runMigrations(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(727272)`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migration (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = new Set(
        (await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(conn)).rows.map((r) => r.name),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
        await conn.transaction().execute(async (tx) => {
          await sql.raw(text).execute(tx);
          await sql`INSERT INTO schema_migration (name) VALUES (${file})`.execute(tx);
        });
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(727272)`.execute(conn);
    }
  });
  return applied;
}
