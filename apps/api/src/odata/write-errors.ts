import { AppError, badRequest, conflict } from '../lib/errors.ts';
import type { ResourceDef } from '../model/types.ts';

/**
 * PostgreSQL errors caused by the request's data → client errors (both drivers expose
 * SQLSTATE as `code`). Unique violations say "unique": the SDK's upsert relies on
 * 409 + /unique/i (compat §2.9). Anything not recognised stays a server error.
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
    case '42883':
    case '42804':
    case '42725':
      return badRequest(`Incompatible types in the query: ${String(e.message)}`);
    default:
      if (code.startsWith('22')) return badRequest(`Invalid value: ${String(e.message)}`, 'invalid_value');
      return undefined;
  }
}
