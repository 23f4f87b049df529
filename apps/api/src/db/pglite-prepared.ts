import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite (db/prepared.ts says which statements and why).
 *
 * PGlite's `query` sends every statement as the unnamed one: Parse, Describe, Bind, Describe,
 * Execute and Sync, each a separate call into the WebAssembly backend, with the statement
 * planned anew. Here a marked statement is parsed and described once under its name; each
 * call after that is one Bind + Execute + Sync, sent in a single call (the backend reads every
 * message of the buffer), against a plan the backend keeps. The row description from the first
 * Describe stands in for the portal's: both are text format.
 *
 * It runs inside PGlite's own query lock, like `query`, so it never interleaves with another
 * caller's messages. A failed Bind or Execute throws the backend's DatabaseError (code,
 * constraint, detail…), as `query` does; the Sync sent in the same buffer has already ended the
 * failed exchange, so the connection is ready for the next statement.
 */

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Prepared {
  paramTypes: number[];
  /** RowDescription, or nothing for a statement that returns no rows. */
  rowDescription: BackendMessage[];
}

const { serialize } = protocol;
const NO_FS_SYNC = { syncToFs: false } as const;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function pglitePreparedRunner(db: PGlite): <R>(name: string, text: string, params: readonly unknown[]) => Promise<Results<R>> {
  const statements = new Map<string, Prepared>();

  /** Parse + Describe once per name (the backend keeps the statement for the connection's life). */
  async function prepare(name: string, text: string): Promise<Prepared> {
    const known = statements.get(name);
    if (known) return known;
    let described: BackendMessage[] = [];
    try {
      described = await db.execProtocolStream(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]), NO_FS_SYNC);
    } finally {
      await db.execProtocolStream(serialize.sync(), NO_FS_SYNC);
    }
    const prepared = {
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.filter((m) => m.name === 'rowDescription'),
    };
    statements.set(name, prepared);
    return prepared;
  }

  return <R>(name: string, text: string, params: readonly unknown[]) =>
    db._runExclusiveQuery(async () => {
      const { paramTypes, rowDescription } = await prepare(name, text);
      // As PGlite's query serialises parameters: by the type the backend inferred for each.
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[paramTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      // No syncToFs after it, unlike query: the file systems PGlite has in Node (memory, a data
      // directory) write through, and their syncToFs does nothing.
      const messages = await db.execProtocolStream(concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]), NO_FS_SYNC);
      return parse.parseResults([...rowDescription, ...messages], db.parsers)[0] as Results<R>;
    });
}
