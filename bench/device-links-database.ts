import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A scratch PostgreSQL database for the device-link benchmarks, whose API servers run in child
 * processes and so need its URL (bench/lib/database.ts opens one in this process only):
 * `flotilla_bench_<hex>` created next to the database DATABASE_URL names, dropped afterwards.
 */
export async function scratchPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  // Only [0-9a-f] after the prefix: safe to splice into CREATE/DROP DATABASE.
  const name = `flotilla_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
