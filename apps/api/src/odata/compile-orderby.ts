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
    parts.push(sql`${e.sql} ${sql.raw(item.dir === 'desc' ? 'DESC' : 'ASC')}`);
  }
  if (!hasId && hasIdField(scope.def)) parts.push(sql`${idSql(scope.alias)} ASC`);
  return parts.length > 0 ? sql` ORDER BY ${sql.join(parts)}` : sql``;
}

export function compilePaging(top: number | undefined, skip: number | undefined): RawBuilder<unknown> {
  const limit = top !== undefined ? sql` LIMIT ${top}` : sql``;
  const offset = skip ? sql` OFFSET ${skip}` : sql``;
  return sql`${limit}${offset}`;
}
