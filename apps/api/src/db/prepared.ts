import { createHash } from 'node:crypto';
import { sql } from 'kysely';

/**
 * Prepared statements for the hottest paths (issue 16 W1–W3).
 *
 * Every statement Kysely sends is parsed and planned anew by the database: the drivers use the
 * unnamed statement of the extended protocol. For a device's poll that planning costs more than
 * running it (the poll's head: 0.35–0.5 ms to plan against ~0.15 ms to execute on PostgreSQL,
 * 0.67 against 0.3 ms on PGlite; the whole target state several times that), and a fleet repeats
 * the same few statements all day. A statement that starts with `preparedStatement` is parsed
 * once per connection under a name derived from its text and executed by that name from then
 * on, so the server reuses its plan (PostgreSQL keeps a generic plan after five executions when
 * it costs no more than the custom ones). A query built with Kysely's builder is marked at its
 * end instead: `.modifyEnd(preparedStatement)`.
 *
 * Only statements whose text is fixed may be marked: every value must be a parameter, never
 * spliced into the text, or each variant would leave one more prepared statement on every
 * connection for its lifetime. The name is a hash of the whole text, so a changed statement
 * never collides with an old one (pg refuses to reuse a name for another text).
 *
 * Behind PgBouncer in transaction mode, protocol-level prepared statements need PgBouncer
 * 1.21 or later with `max_prepared_statements` set (docs/scaling.md).
 */
export const PREPARED_MARK = '/* prepared */';

/** First in a `sql` template (`sql\`${preparedStatement} SELECT …\``), or `.modifyEnd(preparedStatement)` on a builder. */
export const preparedStatement = sql.raw(PREPARED_MARK);

const MAX_PREPARED = 200;
const names = new Map<string, string>();

/** The statement's name when its text is marked, else undefined (an ordinary, unnamed statement). */
export function preparedName(text: string): string | undefined {
  if (!text.startsWith(PREPARED_MARK) && !text.endsWith(PREPARED_MARK)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    // A handful of texts are marked in the code. Past this many, a marked statement must have a
    // value in its text: it runs unnamed, so neither this map nor the connections grow without end.
    if (names.size >= MAX_PREPARED) return undefined;
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
