import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Inserts a new actor row (users, fleets and devices each own one) and returns its id. */
export async function createActor(db: Db): Promise<number> {
  const r = await sql<{ id: number }>`INSERT INTO actor DEFAULT VALUES RETURNING id`.execute(db);
  return r.rows[0]!.id;
}
