import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseOptions } from '../db/database.ts';
import { openScratchDatabase } from '../db/scratch-database.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { defaultConfig, type AppConfig } from '../lib/config.ts';
import { TEST_PASSWORD_HASH_COST } from '../auth/password.ts';

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
export function openTestDatabase(options: Omit<DatabaseOptions, 'databaseUrl' | 'dataDir'> = {}): Promise<{ database: Database; drop(): Promise<void> }> {
  return openScratchDatabase(options, 'flotilla_t');
}

export async function createTestApp(
  config: Partial<AppConfig> = {},
  dbOptions: Parameters<typeof openTestDatabase>[0] = {},
  appOptions: Pick<BuildAppOptions, 'linkHub' | 'eventBus'> = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase(dbOptions);
  // The least argon2 work: the suites sign up and sign in thousands of times (auth/password.ts).
  const defaults = { jwtSecret: randomBytes(16).toString('hex'), passwordHashCost: TEST_PASSWORD_HASH_COST };
  const app = await buildApp({ db: database.db, config: defaultConfig({ ...defaults, ...config }), ...appOptions });
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
