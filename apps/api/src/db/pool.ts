import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { AppError } from '../lib/errors.ts';
import { pglitePreparedRunner } from './pglite-prepared.ts';
import { preparedName } from './prepared.ts';

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

/** Where the pools report what no request sees (pino's signature: `app.log` fits). */
export interface PoolLog {
  error(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** Until the server hands over its logger: stderr, so that nothing is swallowed. */
export const consoleLog: PoolLog = {
  error: (obj, msg) => console.error(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
};

/**
 * How long and how many callers may wait for a connection (both databases). Past either
 * bound connect() fails with DatabaseBusyError (503 + Retry-After): one slow statement or
 * transaction delays the others by at most `maxWaitMs`, stale work is dropped rather than
 * done late, and a flood cannot grow memory without bound.
 */
export interface WaitBounds {
  /** Callers that may wait at once; 256 is far above the 32–64 concurrent polls bench/ drives. */
  maxWaiting?: number;
  /** Longest wait for a connection, in ms. */
  maxWaitMs?: number;
}

export const WAIT_DEFAULTS = { maxWaiting: 256, maxWaitMs: 10_000 } as const;

/** Connections of the PostgreSQL pool. */
export const PG_POOL_MAX = 10;

export interface PgPoolOptions extends WaitBounds {
  max?: number;
  /**
   * `statement_timeout` of every session, in ms (0 = none). PostgreSQL cancels a statement
   * running longer (SQLSTATE 57014, answered 503 by odata/write-errors.ts).
   */
  statementTimeoutMs?: number;
  /** `idle_in_transaction_session_timeout`, in ms (0 = none): a forgotten transaction cannot hold locks forever. */
  idleInTransactionTimeoutMs?: number;
  /** Read on every report, so the server can swap in its logger after opening the pool. */
  log?: () => PoolLog;
}

export function createPgPool(connectionString: string, opts: PgPoolOptions = {}): PoolLike {
  const log = opts.log ?? (() => consoleLog);
  const bounds = { ...WAIT_DEFAULTS, ...opts };
  const shed = new LoadShedder(log);
  const max = opts.max ?? PG_POOL_MAX;
  const pool = new pg.Pool({
    connectionString,
    max,
    // pg-pool's own wait for a free client (unbounded by default).
    connectionTimeoutMillis: bounds.maxWaitMs,
    // Sent as start-up parameters: they hold for every statement of every session.
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    ...(opts.idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs } : {}),
  });
  // An idle client's connection failed (server restart, network, admin termination):
  // pg-pool discards it; without a listener the process would crash, so report it.
  pool.on('error', (err) => log().error({ err }, 'PostgreSQL pool: idle connection failed'));
  return {
    async connect() {
      const mustWait = pool.idleCount === 0 && pool.totalCount >= max;
      if (mustWait && pool.waitingCount >= bounds.maxWaiting) throw shed.refuse(`${pool.waitingCount} requests are already waiting for the database`);
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        if (err instanceof Error && err.message === 'timeout exceeded when trying to connect') throw shed.refuse(`waited ${bounds.maxWaitMs} ms for the database`);
        throw err;
      }
      // pg-pool drops its own listener while a client is checked out; a connection lost
      // between two statements of a transaction (idle_in_transaction_session_timeout) must
      // not crash the process either. The next query on it fails and the caller sees that.
      let failure: Error | undefined;
      const onError = (err: Error) => {
        failure = err;
        log().error({ err }, 'PostgreSQL pool: connection of a checked-out client failed');
      };
      client.on('error', onError);
      let released = false;
      return {
        query: async <R>(text: string, params?: readonly unknown[]) => {
          // A marked statement is parsed once per connection and then run by name (db/prepared.ts).
          const name = preparedName(text);
          const r = await (name ? client.query({ name, text, values: params as unknown[] }) : client.query(text, params as unknown[]));
          return { rows: r.rows as R[], rowCount: r.rowCount, command: r.command };
        },
        release: () => {
          if (released) return;
          released = true;
          client.removeListener('error', onError);
          client.release(failure); // a failed connection is discarded, not reused
        },
      };
    },
    end: () => pool.end(),
  };
}

/**
 * No connection within the wait bounds: answered 503 with Retry-After by the error handler,
 * on every route (OData or not), instead of letting requests pile up behind busy connections.
 */
export class DatabaseBusyError extends AppError {
  constructor(reason: string, retryAfterSeconds = 1) {
    super(503, `The server is busy (${reason}); try again shortly`, 'busy', { 'Retry-After': String(retryAfterSeconds) });
  }
}

export interface PglitePoolOptions extends WaitBounds {
  log?: () => PoolLog;
}

/**
 * Serialises access to the one PGlite connection: a FIFO queue handed out by connect(),
 * bounded in length and in waiting time.
 *
 * PGlite runs PostgreSQL inside this thread: a running statement blocks the event loop and
 * cannot be interrupted (`SET statement_timeout` is accepted but never fires — timers need
 * the loop; db/pool.int.test.ts shows it). So the embedded database relies on the OData
 * cost limits (odata/limits.ts) to keep every statement short, and on this queue so that
 * what waits behind a statement is bounded. Wait timers cannot fire during a statement
 * either, so the hand-over re-checks each waiter's age and refuses the ones that waited too
 * long (their clients have likely given up) rather than run them late.
 */
export function createPglitePool(db: PGlite, opts: PglitePoolOptions = {}): PoolLike {
  const queue = new ConnectionQueue({ ...WAIT_DEFAULTS, ...opts }, new LoadShedder(opts.log ?? (() => consoleLog)));
  const runPrepared = pglitePreparedRunner(db);
  return {
    async connect() {
      await queue.acquire();
      let released = false;
      return {
        query: async <R>(text: string, params?: readonly unknown[]) => {
          // A marked statement is parsed once and then run by name (db/prepared.ts).
          const name = preparedName(text);
          // Without parameters use the simple protocol, which (like pg's) accepts several
          // statements in one text — migrations rely on it.
          if (!name && (!params || params.length === 0)) {
            const results = await db.exec(text);
            const last = results[results.length - 1];
            return { rows: (last?.rows ?? []) as R[], rowCount: last?.affectedRows ?? 0, command: commandOf(text) };
          }
          const r = name ? await runPrepared<R>(name, text, params ?? []) : await db.query<R>(text, params as unknown[]);
          return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length, command: commandOf(text) };
        },
        release: () => {
          if (!released) {
            released = true;
            queue.release();
          }
        },
      };
    },
    async end() {
      queue.close();
      await db.close();
    },
  };
}

interface Waiter {
  since: number;
  resolve: () => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** One holder at a time; the others wait in order, within the bounds. */
class ConnectionQueue {
  private held = false;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly bounds: Required<WaitBounds>,
    private readonly shed: LoadShedder,
  ) {}

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.bounds.maxWaiting) {
      return Promise.reject(this.shed.refuse(`${this.waiting.length} requests are already waiting for the database`));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        since: Date.now(),
        resolve,
        reject,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(this.shed.refuse(`waited ${this.bounds.maxWaitMs} ms for the database`));
        }, this.bounds.maxWaitMs),
      };
      waiter.timer.unref();
      this.waiting.push(waiter);
    });
  }

  release(): void {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      clearTimeout(next.timer);
      const waited = Date.now() - next.since;
      if (waited <= this.bounds.maxWaitMs) return next.resolve(); // still held, by `next`
      next.reject(this.shed.refuse(`waited ${waited} ms for the database`));
    }
    this.held = false;
  }

  close(): void {
    for (const w of this.waiting.splice(0)) {
      clearTimeout(w.timer);
      w.reject(new DatabaseBusyError('the database is closing'));
    }
  }

}

/** Makes the busy errors and logs them at most every 10 s with their count, so a flood cannot flood the log. */
class LoadShedder {
  private refused = 0;
  private lastReport = 0;

  constructor(private readonly log: () => PoolLog) {}

  refuse(reason: string): DatabaseBusyError {
    this.refused += 1;
    const now = Date.now();
    if (now - this.lastReport >= 10_000) {
      this.log().warn({ refused: this.refused, reason }, 'database busy: requests answered 503');
      this.refused = 0;
      this.lastReport = now;
    }
    return new DatabaseBusyError(reason);
  }
}

function commandOf(text: string): string {
  // Leading comments skipped: a prepared statement starts with its mark (db/prepared.ts).
  const m = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*(?:WITH\b[\s\S]*?\)\s*)?(\w+)/i.exec(text);
  return (m?.[1] ?? '').toUpperCase();
}

/** `template`: in memory only, a data directory dump to start from (db/pglite-template.ts) instead of an empty cluster. */
export async function openPglite(dataDir: string | undefined, template?: Blob): Promise<PGlite> {
  const db = dataDir ? new PGlite(dataDir) : new PGlite(template ? { loadDataDir: template } : undefined);
  await db.waitReady;
  return db;
}
