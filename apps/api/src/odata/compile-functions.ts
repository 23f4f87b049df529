import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../lib/errors.ts';
import type { Expr } from './ast.ts';
import type { SqlType, Typed } from './compile-literal.ts';
import { checkPattern, ODATA_LIMITS, TEXT_LIMIT_MARKER } from './limits.ts';

/**
 * OData filter functions → PostgreSQL. `args` compiles one argument with the type the
 * function expects (literal arguments get that cast). Times are interpreted in UTC.
 */
type ArgCompiler = (e: Expr, hint: SqlType) => Typed;

const utc = (x: RawBuilder<unknown>) => sql`(${x} AT TIME ZONE 'UTC')`;

function part(field: 'year' | 'month' | 'day' | 'hour' | 'minute', x: Typed): RawBuilder<unknown> {
  const src = x.type === 'datetime' ? utc(x.sql) : x.sql;
  return sql`extract(${sql.raw(field)} FROM ${src})::int`;
}

function secondsOf(x: Typed): RawBuilder<unknown> {
  const src = x.type === 'datetime' ? utc(x.sql) : x.sql;
  return sql`extract(second FROM ${src})`;
}

export function compileCall(method: string, rawArgs: Expr[], compile: ArgCompiler): Typed {
  const text = (i: number) => compile(rawArgs[i] as Expr, 'text').sql;
  const num = (i: number) => compile(rawArgs[i] as Expr, 'number').sql;
  const int = (i: number) => compile(rawArgs[i] as Expr, 'integer').sql;
  const time = (i: number) => compile(rawArgs[i] as Expr, 'datetime');
  switch (method) {
    case 'contains':
      return { sql: sql`(strpos(${text(0)}, ${text(1)}) > 0)`, type: 'boolean' };
    case 'substringof':
      return { sql: sql`(strpos(${text(1)}, ${text(0)}) > 0)`, type: 'boolean' };
    case 'startswith':
      return { sql: sql`starts_with(${text(0)}, ${text(1)})`, type: 'boolean' };
    case 'endswith': {
      const suffix = text(1);
      return { sql: sql`(right(${text(0)}, length(${suffix})) = ${suffix})`, type: 'boolean' };
    }
    case 'matchesPattern':
      // OData 4.01; PostgreSQL ARE, case-sensitive unless the pattern starts with (?i).
      // NULL for a NULL field, so `not matchesPattern(…)` keeps it (NOT coalesce(…, false)).
      return { sql: sql`(${text(0)} ~ ${checkPattern(rawArgs[1])}::text)`, type: 'boolean' };
    case 'tolower':
      return { sql: sql`lower(${text(0)})`, type: 'text' };
    case 'toupper':
      return { sql: sql`upper(${text(0)})`, type: 'text' };
    case 'trim':
      return { sql: sql`btrim(${text(0)})`, type: 'text' };
    case 'length':
      return { sql: sql`length(${text(0)})`, type: 'integer' };
    case 'indexof':
      return { sql: sql`(strpos(${text(0)}, ${text(1)}) - 1)`, type: 'integer' };
    case 'substring':
      return rawArgs.length === 3
        ? { sql: sql`substr(${text(0)}, ${int(1)} + 1, ${int(2)})`, type: 'text' }
        : { sql: sql`substr(${text(0)}, ${int(1)} + 1)`, type: 'text' };
    case 'concat':
      return boundedText('concat', [text(0), text(1)], ([a, b]) => ({
        result: sql`(${a} || ${b})`,
        length: sql`(length(${a})::bigint + length(${b}))`,
        inputLength: sql`greatest(length(${a}), length(${b}))`,
      }));
    case 'replace':
      return boundedText('replace', [text(0), text(1), text(2)], ([s, from, to]) => ({
        result: sql`replace(${s}, ${from}, ${to})`,
        // Exact: PostgreSQL replaces non-overlapping occurrences left to right, which is what
        // removing them counts. An empty `from` replaces nothing (NULL length: no check).
        length: sql`(length(${s})::bigint + (length(${s}) - length(replace(${s}, ${from}, '')))::bigint / nullif(length(${from}), 0) * (length(${to}) - length(${from})))`,
        inputLength: sql`length(${s})`,
      }));
    case 'year':
    case 'month':
    case 'day':
    case 'hour':
    case 'minute':
      return { sql: part(method, time(0)), type: 'integer' };
    case 'second':
      return { sql: sql`floor(${secondsOf(time(0))})::int`, type: 'integer' };
    case 'fractionalseconds': {
      const s = secondsOf(time(0));
      return { sql: sql`(${s} - floor(${s}))::float8`, type: 'number' };
    }
    case 'date':
      return { sql: sql`${utc(time(0).sql)}::date`, type: 'date' };
    case 'time':
      return { sql: sql`${utc(time(0).sql)}::time`, type: 'time' };
    case 'now':
      return { sql: sql`now()`, type: 'datetime' };
    case 'maxdatetime':
      return { sql: sql`${'9999-12-31T23:59:59.999Z'}::timestamptz`, type: 'datetime' };
    case 'mindatetime':
      return { sql: sql`${'0001-01-01T00:00:00.000Z'}::timestamptz`, type: 'datetime' };
    case 'totaloffsetminutes':
      time(0); // validates the argument; stored times are UTC
      return { sql: sql`0`, type: 'integer' };
    case 'totalseconds':
      return { sql: sql`extract(epoch FROM ${compile(rawArgs[0] as Expr, 'duration').sql})::float8`, type: 'number' };
    case 'round':
      return { sql: sql`round(${num(0)})`, type: 'number' };
    case 'floor':
      return { sql: sql`floor(${num(0)})`, type: 'number' };
    case 'ceiling':
      return { sql: sql`ceil(${num(0)})`, type: 'number' };
    default:
      throw badRequest(`Unsupported function ${method}()`);
  }
}

/**
 * A text function that can build a value longer than its inputs, computed only when the
 * result stays within ODATA_LIMITS.maxBuiltTextLength or is no longer than its longest input
 * (see limits.ts for why). The result's length is worked out first from the inputs' lengths,
 * which costs no more memory than the inputs themselves; past the limit the statement fails
 * with our message, which write-errors.ts turns into a 400. There is no RAISE in plain SQL:
 * `current_setting()` of a setting that does not exist fails with its name in the message
 * (SQLSTATE 42704), and it is STABLE, so the planner never evaluates it ahead of the CASE.
 *
 * The arguments are computed once, in a sub-select (`OFFSET 0` keeps PostgreSQL from
 * inlining it, which would repeat every argument — and every nested call — per use).
 */
function boundedText(
  fn: string,
  args: RawBuilder<unknown>[],
  parts: (refs: RawBuilder<unknown>[]) => { result: RawBuilder<unknown>; length: RawBuilder<unknown>; inputLength: RawBuilder<unknown> },
): Typed {
  const names = args.map((_, i) => `a${i}`);
  const { result, length, inputLength } = parts(names.map((n) => sql.ref(`fn_args.${n}`)));
  const max = ODATA_LIMITS.maxBuiltTextLength;
  const fail = sql`current_setting(${`${TEXT_LIMIT_MARKER}${fn}() would build a value of `} || ${length}::text || ${` characters; at most ${max} are allowed`})`;
  const inputs = sql.join(args.map((a, i) => sql`${a} AS ${sql.id(names[i] as string)}`));
  return {
    sql: sql`(SELECT CASE WHEN ${length} > greatest(${inputLength}, ${max}::int) THEN ${fail} ELSE ${result} END FROM (SELECT ${inputs} OFFSET 0) AS fn_args)`,
    type: 'text',
  };
}
