import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/database.ts';
import { buildApp } from '../app.ts';
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

export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `flotilla_t_${randomBytes(6).toString('hex')}`;
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

export async function createTestApp(config: Partial<AppConfig> = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({ db: database.db, config: defaultConfig({ jwtSecret: randomBytes(16).toString('hex'), ...config }) });
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
