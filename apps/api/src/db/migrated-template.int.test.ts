import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminClient } from './admin-client.ts';
import type { Database } from './database.ts';
import { migrationFiles } from './migrate.ts';
import { pgliteTemplateFile } from './pglite-template.ts';
import { migratedPostgresTemplate } from './postgres-template.ts';
import { openScratchDatabase } from './scratch-database.ts';

/**
 * Scratch databases start from a migrated template (pglite-template.ts, postgres-template.ts):
 * each is complete (every migration recorded, the schema's seed rows there) and its own (a row
 * written in one is not in the other). On PGlite the template is cached on disk under the
 * migrations' hash; on PostgreSQL it is a database of that name that nothing stays connected to.
 */
describe('scratch databases from the migrated template', () => {
  const opened: Array<{ database: Database; drop(): Promise<void> }> = [];
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    opened.push(await openScratchDatabase({}, 'flotilla_t'), await openScratchDatabase({}, 'flotilla_t'));
    [first, second] = opened.map((o) => o.database) as [Database, Database];
  });
  afterAll(async () => {
    for (const o of opened) await o.drop();
  });

  it('gives each database every migration and the seeded device types', async () => {
    for (const { db } of [first, second]) {
      const applied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migration`.execute(db);
      expect(applied.rows[0]!.n).toBe(migrationFiles().length);
      const types = await db.selectFrom('device_type').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(types.n)).toBeGreaterThan(0);
    }
  });

  it('keeps the databases apart: a row written in one is not in the other', async () => {
    const slug = `template-isolation-${Date.now()}`;
    await sql`INSERT INTO device_type (slug, name, is_of__cpu_architecture) SELECT ${slug}, ${slug}, id FROM cpu_architecture LIMIT 1`.execute(first.db);
    expect(await first.db.selectFrom('device_type').select('id').where('slug', '=', slug).executeTakeFirst()).toBeDefined();
    expect(await second.db.selectFrom('device_type').select('id').where('slug', '=', slug).executeTakeFirst()).toBeUndefined();
  });

  it('keeps its template where the next process finds it, named by the migrations', async () => {
    const url = process.env.DATABASE_URL;
    if (!url) {
      expect(existsSync(pgliteTemplateFile())).toBe(true);
      return;
    }
    const name = await migratedPostgresTemplate(url);
    expect(name).toMatch(/^flotilla_tpl_[0-9a-f]{16}$/);
    const row = await withAdminClient(url, (client) =>
      client.query<{ connections: number }>('SELECT (SELECT count(*)::int FROM pg_stat_activity WHERE datname = $1) AS connections FROM pg_database WHERE datname = $1', [name]),
    );
    // Exists, and nothing is connected to it (else the next CREATE DATABASE … TEMPLATE fails).
    expect(row.rows).toEqual([{ connections: 0 }]);
  });
});
