import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/database.ts';
import { StatementCounter } from '../db/statement-counter.ts';
import type { AppConfig } from '../lib/config.ts';
import { createTestApp, type TestContext } from './harness.ts';

/** A test file's app whose statements a counter sees (query budgets, shared statements). */
export interface CountedTestApp {
  readonly counter: StatementCounter;
  readonly ctx: TestContext;
  readonly db: Db;
}

/**
 * Starts the file's app before its tests, on its own database with a StatementCounter wired to
 * the pool (db/statement-counter.ts), and closes it after them. `ctx` and `db` are read inside
 * tests, once the app has started.
 */
export function countedTestApp(config: Partial<AppConfig> = {}): CountedTestApp {
  const counter = new StatementCounter();
  let started: TestContext | undefined;
  beforeAll(async () => {
    started = await createTestApp(config, { statementCounter: counter });
  });
  afterAll(async () => {
    await started?.close();
  });
  const ctx = (): TestContext => {
    if (!started) throw new Error('the test app is read before it started (use it inside a test or a hook)');
    return started;
  };
  return {
    counter,
    get ctx() {
      return ctx();
    },
    get db() {
      return ctx().database.db;
    },
  };
}
