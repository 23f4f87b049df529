import { AppError, badRequest, conflict } from '../lib/errors.ts';
import type { ResourceDef } from '../model/types.ts';
import { TEXT_LIMIT_MARKER } from './limits.ts';

/**
 * PostgreSQL errors caused by the request's data → client errors (both drivers expose
 * SQLSTATE as `code`). Unique violations say "unique": the SDK's upsert relies on
 * 409 + /unique/i (compat §2.9). A statement the database gave up on (timeout, a limit of
 * its own, a value a text function may not build) is a clear 503/400, never a generic 500.
 * Anything not recognised stays a server error.
 */
interface PgError {
  code?: unknown;
  detail?: unknown;
  column?: unknown;
  constraint?: unknown;
  message?: unknown;
}

function keyColumns(detail: unknown): string | undefined {
  if (typeof detail !== 'string') return undefined;
  return /Key \((.+?)\)=/.exec(detail)?.[1];
}

export function mapDbError(err: unknown, def: ResourceDef | undefined, op: 'read' | 'create' | 'update' | 'delete'): AppError | undefined {
  if (err instanceof AppError) return err;
  const e = err as PgError;
  if (!e || typeof e.code !== 'string') return undefined;
  const code = e.code;
  const what = def ? `"${def.name}"` : 'resource';
  switch (code) {
    case '23505': {
      const cols = keyColumns(e.detail);
      return conflict(cols ? `"${cols.replace(/"/g, '')}" must be unique.` : `${what} must be unique.`, 'unique');
    }
    case '23503':
      return op === 'delete'
        ? conflict(`${what} is still referenced by other rows and cannot be deleted`, 'foreign_key')
        : badRequest(`A referenced row of ${what} does not exist${keyColumns(e.detail) ? ` (${keyColumns(e.detail)})` : ''}`, 'foreign_key');
    case '23502':
      return badRequest(`Field "${typeof e.column === 'string' ? e.column : '?'}" of ${what} is required`, 'not_null');
    case '23514':
      return badRequest(`A value of ${what} is not allowed${typeof e.constraint === 'string' ? ` (${e.constraint})` : ''}`, 'check');
    case '57014':
      // statement_timeout (db/pool.ts), or an operator's cancel: the query, not the data.
      return new AppError(503, 'The query took too long and was cancelled; narrow it ($filter, $top, fewer $expand levels) or try again later', 'query_timeout');
    case '54000':
    case '54001':
      // program_limit_exceeded / statement_too_complex (e.g. stack depth): the request's size.
      return badRequest(`The request exceeds a limit of the database: ${String(e.message)}`, 'query_too_complex');
    case '42704': {
      const limit = textLimitMessage(e.message);
      return limit ? badRequest(limit, 'value_too_long') : undefined;
    }
    case '2201B':
      // invalid_regular_expression: a matchesPattern() PostgreSQL cannot compile (or "too complex").
      return badRequest(`Invalid regular expression: ${String(e.message).replace(/^invalid regular expression: /, '')}`, 'invalid_pattern');
    case '42883':
    case '42804':
    case '42725':
      return badRequest(`Incompatible types in the query: ${String(e.message)}`);
    default:
      if (code.startsWith('22')) return badRequest(`Invalid value: ${String(e.message)}`, 'invalid_value');
      return undefined;
  }
}

/** The text of a limit raised by compile-functions.ts's boundedText, if that is what `message` is. */
function textLimitMessage(message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined;
  const at = message.indexOf(TEXT_LIMIT_MARKER);
  return at === -1 ? undefined : message.slice(at + TEXT_LIMIT_MARKER.length).replace(/"$/, '');
}
