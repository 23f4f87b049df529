import { AsyncLocalStorage } from 'node:async_hooks';
import type { PoolClientLike, PoolLike } from './pool.ts';

/**
 * Statement accounting for tests (issue 16 "Query accounting"): which SQL statements a piece
 * of work sends to the database, so a test can hold a request to a budget and an N+1 cannot
 * come back unnoticed.
 *
 * Counted at the driver (the pool Kysely's dialect drives, db/database.ts), not in a Kysely
 * plugin: everything that reaches the database passes there — typed builders, `sql`
 * fragments, the BEGIN/COMMIT of transactions and any raw client call — and only there is
 * the statement's text final. Attribution is by async context: `measure(fn)` opens a store
 * that every statement issued from inside `fn` (however deep its promise chain, auth hook and
 * route alike) lands in, while concurrent work outside it (a background job, another request)
 * is not charged.
 *
 * Off unless a test opens the database with a counter (`openTestDatabase({ statementCounter })`):
 * production pools are never wrapped, so the cost there is nothing.
 */

export interface Measured<T> {
  result: T;
  /** The statements `fn` sent, in order, as the database received their text. */
  statements: string[];
}

export class StatementCounter {
  private readonly store = new AsyncLocalStorage<string[]>();

  /**
   * Runs `fn` and returns the statements it sent. The list is copied when `fn` settles: work
   * `fn` left running (a fire-and-forget write) is not part of the answer.
   */
  async measure<T>(fn: () => PromiseLike<T>): Promise<Measured<T>> {
    const statements: string[] = [];
    // Awaited inside the store: a lazy thenable (Fastify's `inject()` chain) starts its work
    // only when awaited, which must happen in here, not after `run` has returned.
    const result = await this.store.run(statements, async () => await fn());
    return { result, statements: [...statements] };
  }

  /** The pool, reporting each statement to the `measure` call it was issued under (if any). */
  wrap(pool: PoolLike): PoolLike {
    const record = (text: string) => this.store.getStore()?.push(text);
    return {
      async connect(): Promise<PoolClientLike> {
        const client = await pool.connect();
        return {
          query: (text, params) => {
            record(text);
            return client.query(text, params);
          },
          release: () => client.release(),
        };
      },
      end: () => pool.end(),
    };
  }
}

/** Squeezes a statement onto one line, shortened: enough to recognise it in a failure message. */
function oneLine(statement: string, max = 240): string {
  const flat = statement.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Throws when `statements` exceeds `budget`, naming the work and listing every statement sent,
 * so the failure says what the extra statements were (the usual N+1: one repeated shape).
 */
export function assertWithinBudget(label: string, statements: readonly string[], budget: number): void {
  if (statements.length <= budget) return;
  const listed = statements.map((s, i) => `  ${i + 1}. ${oneLine(s)}`).join('\n');
  throw new StatementBudgetError(`${label}: ${statements.length} statements, budget ${budget}:\n${listed}`);
}

export class StatementBudgetError extends Error {
  override name = 'StatementBudgetError';
}
