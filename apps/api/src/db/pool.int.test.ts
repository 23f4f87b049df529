import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapDbError } from '../odata/write-errors.ts';
import { openTestDatabase } from '../test/harness.ts';
import type { Db } from './database.ts';
import { createPglitePool, DatabaseBusyError, PG_POOL_MAX, type PoolLog } from './pool.ts';

/**
 * The database layer's cost bounds: statement timeout (PostgreSQL), the bounded wait for a
 * connection (both), pool errors logged. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function captureLog() {
  const lines: { level: 'error' | 'warn'; msg: string; obj: Record<string, unknown> }[] = [];
  const log: PoolLog = {
    error: (obj, msg) => lines.push({ level: 'error', msg, obj }),
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
  };
  return { lines, log };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  for (const start = Date.now(); !check(); await sleep(20)) if (Date.now() - start > ms) throw new Error('condition not met in time');
}

/** Holds every connection of `db` until the returned function is called. */
async function holdAll(db: Db, kind: 'pglite' | 'postgres'): Promise<() => Promise<void>> {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const count = kind === 'pglite' ? 1 : PG_POOL_MAX;
  let held = 0;
  const holders = Array.from({ length: count }, () =>
    db.connection().execute(async () => {
      held += 1;
      await gate;
    }),
  );
  await until(() => held === count);
  return async () => {
    open();
    await Promise.all(holders);
  };
}

describe('statement timeout', () => {
  it('PostgreSQL cancels a slow statement (57014, answered 503 "took too long") and keeps serving; PGlite cannot interrupt one', async () => {
    const { database, drop } = await openTestDatabase({ statementTimeoutMs: 150 });
    try {
      const started = Date.now();
      const slow = await sql`SELECT pg_sleep(1.2) AS slept`.execute(database.db).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (database.kind === 'postgres') {
        expect(Date.now() - started).toBeLessThan(1000);
        expect((slow as { code?: string }).code).toBe('57014');
        expect(mapDbError(slow, undefined, 'read')).toMatchObject({ status: 503, code: 'query_timeout', message: expect.stringMatching(/took too long/) });
        expect((await sql`SHOW statement_timeout`.execute(database.db)).rows).toEqual([{ statement_timeout: '150ms' }]);
      } else {
        // PGlite runs PostgreSQL in this thread: no timer can fire while a statement runs,
        // so even `SET statement_timeout` would not stop it (next test). The OData limits
        // keep statements short and the bounded queue keeps the waiting bounded instead.
        expect(slow).toBeUndefined();
        expect(Date.now() - started).toBeGreaterThanOrEqual(1150);
      }
      expect((await sql<{ x: number }>`SELECT 1 AS x`.execute(database.db)).rows).toEqual([{ x: 1 }]);
    } finally {
      await drop();
    }
  }, 90_000);
});

describe('the embedded database: what blocks, and the bounded wait for its connection', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
  }, 60_000);
  afterAll(() => pglite.close());

  it('accepts SET statement_timeout, but a running statement blocks the event loop and finishes anyway', async () => {
    await pglite.exec("SET statement_timeout = '100ms'");
    try {
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 10);
      const started = Date.now();
      const r = await pglite.query<{ done: number }>('SELECT 1 AS done FROM pg_sleep(0.5)');
      clearInterval(timer);
      expect(r.rows).toEqual([{ done: 1 }]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect(ticks).toBeLessThanOrEqual(2);
    } finally {
      await pglite.exec('RESET statement_timeout');
    }
  });

  it('refuses at once past maxWaiting with 503 + Retry-After, logs it, and serves the waiters in order', async () => {
    const { lines, log } = captureLog();
    const pool = createPglitePool(pglite, { maxWaiting: 2, maxWaitMs: 5000, log: () => log });
    const holder = await pool.connect();
    const served: number[] = [];
    const first = pool.connect().then((c) => (served.push(1), c));
    const second = pool.connect().then((c) => (served.push(2), c));
    const started = Date.now();
    const refused = await pool.connect().catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(200);
    expect(refused).toBeInstanceOf(DatabaseBusyError);
    expect(refused).toMatchObject({ status: 503, code: 'busy', headers: { 'Retry-After': '1' }, message: expect.stringMatching(/2 requests are already waiting/) });
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', obj: expect.objectContaining({ refused: 1 }) })]);
    holder.release();
    (await first).release();
    const c2 = await second;
    expect(served).toEqual([1, 2]);
    expect((await c2.query<{ x: number }>('SELECT 1 AS x', [])).rows).toEqual([{ x: 1 }]);
    c2.release();
  });

  it('refuses a caller that waited maxWaitMs, and the connection stays usable', async () => {
    const pool = createPglitePool(pglite, { maxWaiting: 10, maxWaitMs: 150, log: () => captureLog().log });
    const holder = await pool.connect();
    const started = Date.now();
    const refused = await pool.connect().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DatabaseBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(3000);
    holder.release();
    const next = await pool.connect(); // not handed to the caller that gave up
    next.release();
  });

  it('refuses waiters that grew stale behind a statement that blocked the event loop', async () => {
    const pool = createPglitePool(pglite, { maxWaiting: 10, maxWaitMs: 100, log: () => captureLog().log });
    const holder = await pool.connect();
    const waiter = pool.connect().then(
      (c) => (c.release(), 'served'),
      (e: unknown) => e,
    );
    await holder.query('SELECT pg_sleep(0.4)', []);
    holder.release();
    expect(await waiter).toBeInstanceOf(DatabaseBusyError);
    (await pool.connect()).release();
  });

  it('keeps transactions whole: others wait for the commit, a rollback leaves nothing', async () => {
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: createPglitePool(pglite, { maxWaiting: 8, maxWaitMs: 5000 }) as never }) });
    await sql`CREATE TABLE queue_probe (n int)`.execute(db);
    let inserted!: () => void;
    const firstInsert = new Promise<void>((r) => (inserted = r));
    const tx = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO queue_probe VALUES (1)`.execute(trx);
      inserted();
      await sleep(100);
      await sql`INSERT INTO queue_probe VALUES (2)`.execute(trx);
    });
    await firstInsert;
    const reads = Array.from({ length: 4 }, () => sql<{ n: number }>`SELECT count(*)::int AS n FROM queue_probe`.execute(db).then((r) => r.rows[0]?.n));
    await tx;
    expect(await Promise.all(reads)).toEqual([2, 2, 2, 2]);
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO queue_probe VALUES (3)`.execute(trx);
        await sql`SELECT 1 / 0`.execute(trx);
      })
      .catch((e: unknown) => e);
    expect((failed as { code?: string }).code).toBe('22012');
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM queue_probe`.execute(db)).rows).toEqual([{ n: 2 }]);
  });
});

describe('openDatabase: the wait bound on either database, and pool errors logged', () => {
  it('refuses callers past maxWaiting while every connection is held, to the logger set later', async () => {
    const { database, drop } = await openTestDatabase({ queue: { maxWaiting: 0, maxWaitMs: 5000 } });
    try {
      const { lines, log } = captureLog();
      database.setLog(log);
      const release = await holdAll(database.db, database.kind);
      const refused = await sql`SELECT 1`.execute(database.db).catch((e: unknown) => e);
      await release();
      expect(refused).toBeInstanceOf(DatabaseBusyError);
      expect(lines.map((l) => l.msg)).toEqual(['database busy: requests answered 503']);
      expect((await sql<{ x: number }>`SELECT 1 AS x`.execute(database.db)).rows).toEqual([{ x: 1 }]);
    } finally {
      await drop();
    }
  }, 90_000);

  it('PostgreSQL: a connection that fails, idle in the pool or inside a transaction, is logged and replaced', async () => {
    const { lines, log } = captureLog();
    const { database, drop } = await openTestDatabase({ idleInTransactionTimeoutMs: 200, log });
    try {
      if (database.kind === 'pglite') {
        // One in-process connection: nothing can fail under it, so nothing is logged.
        expect((await sql<{ x: number }>`SELECT 1 AS x`.execute(database.db)).rows).toEqual([{ x: 1 }]);
        expect(lines).toEqual([]);
        return;
      }
      // A transaction left idle past idle_in_transaction_session_timeout: PostgreSQL ends the session.
      const abandoned = await database.db
        .transaction()
        .execute(async (trx) => {
          await sql`SELECT 1`.execute(trx);
          await sleep(800);
          await sql`SELECT 1`.execute(trx);
        })
        .catch((e: unknown) => e);
      expect(abandoned).toBeInstanceOf(Error);
      await until(() => lines.some((l) => l.level === 'error' && /checked-out client failed/.test(l.msg)));
      // An idle pooled connection terminated by an operator.
      const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db)).rows[0]?.pid;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await until(() => lines.some((l) => l.level === 'error' && /idle connection failed/.test(l.msg)));
      expect((await sql<{ x: number }>`SELECT 1 AS x`.execute(database.db)).rows).toEqual([{ x: 1 }]);
    } finally {
      await drop();
    }
  }, 90_000);
});
