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
 * at the key's position (an Error there fails that key's load alone). A batch is sent in the async context of the request that opened it,
 * so a test's statement counter charges the statement to that request (statement-counter.ts).
 */
export function turnBatchLoader<K, V>(batch: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>): DataLoader<K, V> {
  return new DataLoader<K, V>(batch, { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) });
}

/**
 * A turnBatchLoader for reads by key: `read` gets each key once (a turn may ask for one key
 * several times) and returns the rows found; each `load` resolves to the row whose `keyOf` is its
 * key, or undefined where there is none.
 */
export function keyedTurnBatchLoader<K, R>(read: (uniqueKeys: K[]) => Promise<readonly R[]>, keyOf: (row: R) => K): DataLoader<K, R | undefined> {
  return turnBatchLoader(async (keys) => {
    const byKey = new Map((await read([...new Set(keys)])).map((row) => [keyOf(row), row]));
    return keys.map((key) => byKey.get(key));
  });
}
