import { randomBytes } from 'node:crypto';
import { withAdminClient } from './admin-client.ts';
import { openDatabase, type Database, type DatabaseOptions } from './database.ts';
import { migratedPgliteTemplate } from './pglite-template.ts';
import { migratedPostgresTemplate } from './postgres-template.ts';

/**
 * A fresh PostgreSQL database next to the one `url` names (tests, benches, a test cluster: each
 * its own, so parallel runs never see each other's rows), and `drop` to remove it. `prefix`
 * names what made it, for whoever finds one left behind.
 */
export async function createScratchDatabase(url: string, prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  // Only [0-9a-f] after a fixed prefix: safe to splice into CREATE/DROP DATABASE (a template's name likewise, postgres-template.ts).
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runAdmin(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => runAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function runAdmin(url: string, statement: string): Promise<void> {
  await withAdminClient(url, (client) => client.query(statement));
}

/**
 * A database of one's own, migrated: in-memory PGlite started from the migrated template
 * (pglite-template.ts), or with DATABASE_URL a scratch PostgreSQL database copied from the
 * migrated template (postgres-template.ts); `drop` closes it and removes the scratch database.
 */
export async function openScratchDatabase(
  options: Omit<DatabaseOptions, 'databaseUrl' | 'dataDir'>,
  prefix: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ ...options, template: await migratedPgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(url, prefix, await migratedPostgresTemplate(url));
  const database = await openDatabase({ ...options, databaseUrl: scratch.url });
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}
