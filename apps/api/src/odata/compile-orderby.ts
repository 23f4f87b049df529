import { sql, type RawBuilder } from 'kysely';
import type { OrderItem } from './ast.ts';
import { compileExpr, type Scope } from './compile-filter.ts';
import { hasIdField, idSql } from './context.ts';

/**
 * `$orderby` → ORDER BY. The row id is appended as a final tie-breaker so that pages
 * (`$top`/`$skip`) are stable and together equal the unpaged result.
 */
export function compileOrderBy(items: OrderItem[] | undefined, scope: Scope): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  let hasId = false;
  for (const item of items ?? []) {
    if (item.path.name === 'id' && !item.path.property && !item.path.count) hasId = true;
    const e = compileExpr({ t: 'path', path: item.path }, scope);
    const dir = sql.raw(item.dir === 'desc' ? 'DESC' : 'ASC');
    if (e.version) parts.push(sql`${versionKey(e.sql)} ${dir}`);
    parts.push(sql`${e.sql} ${dir}`);
  }
  if (!hasId && hasIdField(scope.def)) parts.push(sql`${idSql(scope.alias)} ASC`);
  return parts.length > 0 ? sql` ORDER BY ${sql.join(parts)}` : sql``;
}

const VERSION_CORE = String.raw`(\d+)\.(\d+)\.(\d+)`;

/**
 * A version text's first major.minor.patch as numbers, so that 6.0.9 sorts before 6.0.10 (text
 * would put "6.0.10" first); null when it holds none (sorted as PostgreSQL sorts nulls).
 */
function versionKey(text: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(regexp_match(${text}, ${VERSION_CORE}::text))::numeric[]`;
}

export function compilePaging(top: number | undefined, skip: number | undefined): RawBuilder<unknown> {
  const limit = top !== undefined ? sql` LIMIT ${top}` : sql``;
  const offset = skip ? sql` OFFSET ${skip}` : sql``;
  return sql`${limit}${offset}`;
}
