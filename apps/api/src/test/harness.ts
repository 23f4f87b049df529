import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database, type DatabaseOptions } from '../db/database.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { defaultConfig, type AppConfig } from '../lib/config.ts';

/**
 * Integration-test harness: a real database per test file. PGlite in memory by default;
 * with DATABASE_URL set, a fresh PostgreSQL database is created for the file and dropped
 * afterwards, so files run in parallel without seeing each other's rows.
 */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** `options`: timeouts, queue bounds, logger (db/database.ts); the database itself is the test's. */
export async function openTestDatabase(options: Omit<DatabaseOptions, 'databaseUrl' | 'dataDir'> = {}): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase(options);
    return { database, drop: () => database.close() };
  }
  const name = `flotilla_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ ...options, databaseUrl: u.toString() });
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

export async function createTestApp(
  config: Partial<AppConfig> = {},
  dbOptions: Parameters<typeof openTestDatabase>[0] = {},
  appOptions: Pick<BuildAppOptions, 'linkHub' | 'eventBus'> = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase(dbOptions);
  const app = await buildApp({ db: database.db, config: defaultConfig({ jwtSecret: randomBytes(16).toString('hex'), ...config }), ...appOptions });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await drop();
    },
  };
}
