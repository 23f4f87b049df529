import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The smallest surface both PostgreSQL drivers share, shaped like `pg.Pool` so that
 * Kysely's own PostgresDialect drives either one. PGlite is a single connection, so its
 * "pool" hands out one client at a time (a transaction holds it until release).
 */
export interface QueryResultLike<R> {
  rows: R[];
  rowCount: number | null;
  command: string;
}
export interface PoolClientLike {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResultLike<R>>;
  release(): void;
}
export interface PoolLike {
  connect(): Promise<PoolClientLike>;
  end(): Promise<void>;
}

export function createPgPool(connectionString: string, max = 10): PoolLike {
  const pool = new pg.Pool({ connectionString, max });
  // Dates and bigints come back as JS values we can serialise; timestamptz stays a Date.
  pool.on('error', () => undefined);
  return {
    async connect() {
      const client = await pool.connect();
      return {
        query: async <R>(text: string, params?: readonly unknown[]) => {
          const r = await client.query(text, params as unknown[]);
          return { rows: r.rows as R[], rowCount: r.rowCount, command: r.command };
        },
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/** Serialises access to the one PGlite connection: a FIFO lock handed out by connect(). */
export function createPglitePool(db: PGlite): PoolLike {
  let tail: Promise<void> = Promise.resolve();
  return {
    async connect() {
      let unlock!: () => void;
      const prev = tail;
      tail = new Promise<void>((resolve) => (unlock = resolve));
      await prev;
      let released = false;
      return {
        query: async <R>(text: string, params?: readonly unknown[]) => {
          // Without parameters use the simple protocol, which (like pg's) accepts several
          // statements in one text — migrations rely on it.
          if (!params || params.length === 0) {
            const results = await db.exec(text);
            const last = results[results.length - 1];
            return { rows: (last?.rows ?? []) as R[], rowCount: last?.affectedRows ?? 0, command: commandOf(text) };
          }
          const r = await db.query<R>(text, params as unknown[]);
          return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length, command: commandOf(text) };
        },
        release: () => {
          if (!released) {
            released = true;
            unlock();
          }
        },
      };
    },
    end: () => db.close(),
  };
}

function commandOf(text: string): string {
  const m = /^\s*(?:WITH\b[\s\S]*?\)\s*)?(\w+)/i.exec(text);
  return (m?.[1] ?? '').toUpperCase();
}

export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  return db;
}
