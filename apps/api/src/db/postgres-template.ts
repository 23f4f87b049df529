import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from './database.ts';
import { withAdminClient } from './admin-client.ts';
import { migrationsFingerprint } from './migrate.ts';

/**
 * A migrated PostgreSQL database for scratch databases to be copied from (`CREATE DATABASE …
 * TEMPLATE`), the PostgreSQL side of pglite-template.ts: a copy takes a fraction of running the
 * ~100 migrations into every test's database.
 *
 * Named by a hash of every migration (`flotilla_tpl_<hash>`), so a changed or added migration
 * makes a new one, and kept on the server between runs. It is built under a name of its own and
 * renamed when complete: another process finds either no template or a whole one, never one
 * being migrated (a database with a connection cannot be copied). Nothing connects to it after
 * the rename. Older templates are dropped when a new one is made, unless in use.
 */
const PREFIX = 'flotilla_tpl_';

const made = new Map<string, Promise<string>>();

export function migratedPostgresTemplate(url: string): Promise<string> {
  let name = made.get(url);
  if (!name) {
    name = findOrMake(url).catch((error: unknown) => {
      made.delete(url);
      throw error;
    });
    made.set(url, name);
  }
  return name;
}

async function findOrMake(url: string): Promise<string> {
  // Only [0-9a-f] after a fixed prefix: safe to splice into CREATE/ALTER/DROP DATABASE.
  const name = `${PREFIX}${migrationsFingerprint().slice(0, 16)}`;
  const exists = async (client: pg.Client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (await withAdminClient(url, exists)) return name;

  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${building}`));
  const target = new URL(url);
  target.pathname = `/${building}`;
  // Opening it migrates it; closing leaves no connection behind, so it can be copied.
  await (await openDatabase({ databaseUrl: target.toString() })).close();
  await withAdminClient(url, async (client) => {
    try {
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      // Another process made it first: its copy serves, this one goes.
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      if (!(await exists(client))) throw error;
      return;
    }
    const stale = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'flotilla\\_tpl\\_%' AND datname <> $1", [name]);
    for (const { datname } of stale.rows) {
      if (!/^flotilla_tpl_[0-9a-f_]+$/.test(datname)) continue;
      // In use (a run of another commit copying from it, or still being built): left for later.
      await client.query(`DROP DATABASE ${datname}`).catch(() => undefined);
    }
  });
  return name;
}
