import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { ADVISORY_LOCK_KEYS } from '../jobs/lock-keys.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migration files, in the order they apply. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** A hash of every migration's name and text: what a migrated schema was made from (db/pglite-template.ts). */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of migrationFiles()) hash.update(`${file}\0${readFileSync(join(MIGRATIONS_DIR, file), 'utf8')}\0`);
  return hash.digest('hex');
}

/**
 * Plain numbered SQL files (`0001_actors.sql`, …) applied in order, each in its own
 * transaction, recorded in `schema_migration`. Replicas that start together must not apply the
 * same file twice: each transaction takes an advisory lock and checks the record again under
 * it. The lock is transaction-scoped, not session-scoped, so this also holds through a pooler
 * in transaction mode (PgBouncer), where two statements outside a transaction may run on two
 * different server connections and a session lock could be left held on one of them.
 */
export async function runMigrations(db: Db): Promise<string[]> {
  const files = migrationFiles();
  const lock = sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.migrations})`;
  await db.transaction().execute(async (tx) => {
    await lock.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(tx);
  });
  const done = new Set((await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(db)).rows.map((r) => r.name));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const ran = await db.transaction().execute(async (tx) => {
      await lock.execute(tx);
      // No statement timeout, whatever the role's (set there behind PgBouncer, docs/scaling.md):
      // an index on a big table legitimately runs long. SET LOCAL ends with the transaction.
      await sql`SET LOCAL statement_timeout = 0`.execute(tx);
      // Another replica may have applied it while this one waited for the lock.
      const again = await sql`SELECT 1 FROM schema_migration WHERE name = ${file}`.execute(tx);
      if (again.rows.length > 0) return false;
      await sql.raw(readFileSync(join(MIGRATIONS_DIR, file), 'utf8')).execute(tx);
      await sql`INSERT INTO schema_migration (name) VALUES (${file})`.execute(tx);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
