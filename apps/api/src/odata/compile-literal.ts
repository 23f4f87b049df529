import { sql, type RawBuilder } from 'kysely';
import type { Duration, Literal } from './ast.ts';
import type { FieldType } from '../model/types.ts';

/**
 * Value types the filter compiler tracks, so literals can be cast to what they are compared
 * with (`int_column = $1::int` keeps the index usable) and bad comparisons fail clearly.
 */
export type SqlType = 'boolean' | 'integer' | 'number' | 'text' | 'datetime' | 'date' | 'time' | 'duration' | 'json' | 'null';

export interface Typed {
  sql: RawBuilder<unknown>;
  type: SqlType;
  /** A path to a field that sorts as a version (FieldDef.sortsAsVersion). */
  version?: boolean;
}

export function sqlTypeOf(t: FieldType): SqlType {
  switch (t) {
    case 'Serial':
    case 'Integer':
    case 'Big Integer':
    case 'ForeignKey':
      return 'integer';
    case 'Real':
      return 'number';
    case 'Short Text':
    case 'Text':
      return 'text';
    case 'Boolean':
      return 'boolean';
    case 'Date Time':
      return 'datetime';
    case 'JSON':
      return 'json';
  }
}

const INT32 = 2 ** 31;

/** Every literal is a bound parameter with an explicit cast; `hint` is the other operand's type. */
export function compileLiteral(lit: Literal, hint?: SqlType): Typed {
  switch (lit.kind) {
    case 'null':
      return { sql: sql`NULL`, type: 'null' };
    case 'boolean':
      return { sql: sql`${lit.value}::boolean`, type: 'boolean' };
    case 'number': {
      const v = lit.value;
      if (Number.isInteger(v) && hint !== 'number') {
        return Math.abs(v) < INT32 ? { sql: sql`${v}::int`, type: 'integer' } : { sql: sql`${String(v)}::bigint`, type: 'integer' };
      }
      return { sql: sql`${String(v)}::numeric`, type: 'number' };
    }
    case 'text':
      if (hint === 'datetime') return { sql: sql`${lit.value}::timestamptz`, type: 'datetime' };
      if (hint === 'date') return { sql: sql`${lit.value}::date`, type: 'date' };
      return { sql: sql`${lit.value}::text`, type: 'text' };
    case 'datetime':
      return { sql: sql`${lit.value}::timestamptz`, type: 'datetime' };
    case 'date':
      return { sql: sql`${lit.value}::date`, type: 'date' };
    case 'duration':
      return { sql: durationSql(lit.value), type: 'duration' };
  }
}

function durationSql(d: Duration): RawBuilder<unknown> {
  let text = 'P';
  if (d.day) text += `${d.day}D`;
  if (d.hour || d.minute || d.second) {
    text += 'T';
    if (d.hour) text += `${d.hour}H`;
    if (d.minute) text += `${d.minute}M`;
    if (d.second) text += `${d.second}S`;
  }
  if (text === 'P') text = 'PT0S';
  return d.negative ? sql`(-${text}::interval)` : sql`${text}::interval`;
}
