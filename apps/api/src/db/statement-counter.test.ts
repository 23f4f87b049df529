import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglitePool, openPglite } from './pool.ts';
import { assertWithinBudget, StatementBudgetError, StatementCounter } from './statement-counter.ts';

/** The counter over a real (embedded) database: what reaches the driver is what gets counted. */
describe('StatementCounter', () => {
  const counter = new StatementCounter();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let db: Kysely<any>;

  beforeAll(async () => {
    db = new Kysely({ dialect: new PostgresDialect({ pool: counter.wrap(createPglitePool(await openPglite(undefined))) as never }) });
    await sql`CREATE TABLE t (id int)`.execute(db);
  }, 60_000); // PGlite's start, on a loaded machine
  afterAll(() => db.destroy());

  it('counts builder queries, sql fragments and the BEGIN/COMMIT of a transaction, in order', async () => {
    const { result, statements } = await counter.measure(async () => {
      await db.insertInto('t').values({ id: 1 }).execute();
      await db.transaction().execute((trx) => sql`UPDATE t SET id = 2`.execute(trx));
      return db.selectFrom('t').select('id').executeTakeFirstOrThrow();
    });
    expect(result).toEqual({ id: 2 });
    expect(statements.map((s) => s.split(' ')[0]?.toLowerCase())).toEqual(['insert', 'begin', 'update', 'commit', 'select']);
    expect(statements[0]).toBe('insert into "t" ("id") values ($1)');
  });

  it('charges each measurement only with its own statements, even when they run at once', async () => {
    await db.selectFrom('t').selectAll().execute(); // outside any measurement: nobody's
    const one = () => counter.measure(() => db.selectFrom('t').select('id').execute());
    const three = () =>
      counter.measure(async () => {
        for (let i = 0; i < 3; i += 1) await sql`SELECT ${i}::int AS n`.execute(db);
      });
    const [a, b] = await Promise.all([three(), one()]);
    expect(a.statements).toHaveLength(3);
    expect(b.statements).toEqual(['select "id" from "t"']);
  });

  it('counts the work of a lazy thenable, which starts only when awaited (as fastify.inject does)', async () => {
    const lazy: PromiseLike<unknown> = { then: (resolve, reject) => sql`SELECT 3`.execute(db).then(resolve, reject) };
    const { statements } = await counter.measure(() => lazy);
    expect(statements).toEqual(['SELECT 3']);
  });

  it('keeps the list it returned when work the measured function left behind runs later', async () => {
    let late!: Promise<unknown>;
    const { statements } = await counter.measure(async () => {
      late = new Promise((r) => setTimeout(r, 10)).then(() => sql`SELECT 1`.execute(db));
      await sql`SELECT 2`.execute(db);
    });
    await late;
    expect(statements).toEqual(['SELECT 2']);
  });

  it('fails a budget with every statement listed, each on one line', () => {
    expect(() => assertWithinBudget('GET /x', ['select 1', 'select\n  2'], 2)).not.toThrow();
    let error: unknown;
    try {
      assertWithinBudget('GET /x', ['select 1', 'select\n  2', 'select 3'], 2);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StatementBudgetError);
    expect((error as Error).message).toBe('GET /x: 3 statements, budget 2:\n  1. select 1\n  2. select 2\n  3. select 3');
  });
});
