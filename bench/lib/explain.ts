import { CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '../../apps/api/src/db/database.ts';

/** `EXPLAIN (ANALYZE, BUFFERS)` of a statement with its own bound parameters, as plan text. */
export async function explainAnalyze(db: Db, query: RawBuilder<unknown>): Promise<string> {
  const compiled = query.compile(db);
  const r = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [...compiled.parameters]));
  return r.rows.map((row) => Object.values(row)[0]).join('\n');
}
