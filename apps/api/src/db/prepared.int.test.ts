import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapDbError } from '../odata/write-errors.ts';
import { openTestDatabase } from '../test/harness.ts';
import type { Database, Db } from './database.ts';
import { preparedName, preparedStatement } from './prepared.ts';

/**
 * Prepared statements (db/prepared.ts, db/pglite-prepared.ts) on whichever database the suite
 * runs on: PGlite, and PostgreSQL with DATABASE_URL. A marked statement must answer exactly as
 * the same statement unmarked — values of every type the code binds, rows, affected counts,
 * errors — while the database really keeps it under its name.
 */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY, name text NOT NULL UNIQUE, seen timestamptz, tags text[], doc jsonb, flag boolean)`.execute(database.db);
});
afterAll(async () => drop());

const probe = (id: number, name: string) => ({ id, name, seen: new Date(Date.UTC(2026, 10, 28, 12, 0, id)), tags: [`t${id}`, 'x,y'], doc: { n: id, s: `é${id}` }, flag: id % 2 === 0 });

async function insert(marked: boolean, row: ReturnType<typeof probe>) {
  const mark = marked ? preparedStatement : sql``;
  return sql`${mark} INSERT INTO prepared_probe (id, name, seen, tags, doc, flag)
             VALUES (${row.id}, ${row.name}, ${row.seen}, ${row.tags}::text[], ${JSON.stringify(row.doc)}::jsonb, ${row.flag})`.execute(database.db);
}

const selectById = (marked: boolean, id: number) =>
  sql<{ id: number; name: string; seen: Date; tags: string[]; doc: { n: number; s: string }; flag: boolean }>`${marked ? preparedStatement : sql``}
    SELECT id, name, seen, tags, doc, flag FROM prepared_probe WHERE id = ${id}`.execute(database.db);

describe('prepared statements', () => {
  it('bind every value type as the unnamed statement does, and answer new values on every later call', async () => {
    for (let id = 1; id <= 8; id++) await insert(id > 4, probe(id, `name-${id}`));
    for (let id = 1; id <= 8; id++) {
      const [marked, plain] = await Promise.all([selectById(true, id), selectById(false, id)]);
      expect(marked.rows).toEqual(plain.rows);
      expect(marked.rows).toEqual([probe(id, `name-${id}`)]);
    }
    expect((await selectById(true, 999)).rows).toEqual([]);
  });

  it('are kept by the database under their name, on the connection that ran them', async () => {
    const text = sql`${preparedStatement} SELECT name FROM prepared_probe WHERE id = ${1}`;
    const name = preparedName(text.compile(database.db).sql);
    expect(name).toMatch(/^p_[0-9a-f]{24}$/);
    const kept = await database.db.connection().execute(async (conn) => {
      await text.execute(conn);
      return sql<{ name: string }>`SELECT name FROM pg_prepared_statements WHERE name = ${name}`.execute(conn);
    });
    expect(kept.rows).toEqual([{ name }]);
  });

  it('report affected rows of a marked UPDATE built with the query builder', async () => {
    const update = (id: number) =>
      database.db
        .updateTable('prepared_probe' as never)
        .set({ flag: true } as never)
        .where(sql<boolean>`id = ${id}`)
        .modifyEnd(preparedStatement)
        .executeTakeFirst();
    expect(Number((await update(1)).numUpdatedRows)).toBe(1);
    expect(Number((await update(999)).numUpdatedRows)).toBe(0);
  });

  it('fail as the unnamed statement does, and leave the connection usable, in and out of a transaction', async () => {
    const failure = await insert(true, probe(9, 'name-1')).catch((e: unknown) => e);
    expect((failure as { code?: string }).code).toBe('23505');
    expect(mapDbError(failure, undefined, 'create')).toMatchObject({ status: 409 });
    const badInput = await sql`${preparedStatement} SELECT id FROM prepared_probe WHERE id = ${'not a number'}::int`.execute(database.db).catch((e: unknown) => e);
    expect((badInput as { code?: string }).code).toBe('22P02');
    expect((await selectById(true, 2)).rows).toHaveLength(1);

    const rolledBack = await database.db
      .transaction()
      .execute(async (tx) => {
        await sql`${preparedStatement} INSERT INTO prepared_probe (id, name) VALUES (${10}, ${'ten'})`.execute(tx);
        await sql`${preparedStatement} INSERT INTO prepared_probe (id, name) VALUES (${11}, ${'ten'})`.execute(tx);
      })
      .catch((e: unknown) => e);
    expect((rolledBack as { code?: string }).code).toBe('23505');
    // The whole transaction is gone, and the next statements run normally.
    expect((await selectById(true, 10)).rows).toEqual([]);
    await sql`${preparedStatement} INSERT INTO prepared_probe (id, name) VALUES (${10}, ${'ten'})`.execute(database.db);
    expect((await selectById(true, 10)).rows).toMatchObject([{ id: 10, name: 'ten' }]);
  });

  it('are parsed again later when their first use fails inside an aborted transaction', async () => {
    // A text no earlier test ran, so this is its first use on every connection.
    const firstUse = (conn: Db) => sql<{ name: string }>`${preparedStatement} SELECT name FROM prepared_probe WHERE id = ${2} AND flag IS NOT NULL`.execute(conn);
    const aborted = await database.db
      .transaction()
      .execute(async (tx) => {
        await sql`SELECT 1 / 0`.execute(tx).catch(() => undefined);
        await firstUse(tx);
      })
      .catch((e: unknown) => e);
    expect((aborted as { code?: string }).code).toBe('25P02');
    expect((await firstUse(database.db)).rows).toEqual([{ name: 'name-2' }]);
  });
});
