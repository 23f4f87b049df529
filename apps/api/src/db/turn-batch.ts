import DataLoader from 'dataloader';

/** Keys per statement: bounds one statement's arrays after a burst of thousands of requests. */
const MAX_BATCH = 500;

/**
 * A loader whose reads, asked for by the requests of one turn of the event loop, go to the
 * database as one statement (issue 16): under load a hot read's cost is mostly the statement
 * itself — a round trip with its socket writes on both sides, and the database's per-statement
 * work (snapshot, executor start-up, locks) — not the rows. Requests read in the same turn (many,
 * when many clients call at once) share one statement; a lone request waits for nothing: its
 * batch goes out at the end of the turn it was read in, with just it.
 *
 * Nothing is kept (`cache: false`): every request reads anew, so a revoked key or a changed
 * row is seen by the next request exactly as before. `load` resolves to the value `batch` gave
 * at the key's position. A batch is sent in the async context of the request that opened it,
 * so a test's statement counter charges the statement to that request (statement-counter.ts).
 */
export function turnBatchLoader<K, V>(batch: (keys: readonly K[]) => Promise<readonly V[]>): DataLoader<K, V> {
  return new DataLoader<K, V>(batch, { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) });
}

/** The values of `rows` (keyed by `keyOf`) for each of `keys`, in order; undefined where none. */
export function alignedTo<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): Array<R | undefined> {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => byKey.get(key));
}
