import { sql, type RawBuilder } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import { badRequest } from '../lib/errors.ts';
import type { ResourceDef } from '../model/types.ts';
import type { KeySpec } from './ast.ts';
import { compileLiteral, sqlTypeOf } from './compile-literal.ts';
import { fieldSql, idSql, requireField } from './context.ts';

/**
 * `resource(1)`, `resource(uuid='…')`, `resource(application=1,service_name='main')` → a
 * condition over the row alias. Named keys must be one of the resource's natural keys
 * (in any order, by canonical name or alias) so a key always selects at most one row.
 */
export function compileKey(def: ResourceDef, key: KeySpec, alias: string, principal: Principal): RawBuilder<unknown> {
  if (key.kind === 'id') {
    if (key.value.kind !== 'number' || !Number.isSafeInteger(key.value.value)) {
      throw badRequest(`The key of "${def.name}" must be an integer id or a natural key`);
    }
    return sql`${idSql(alias)} = ${compileLiteral(key.value, 'integer').sql}`;
  }
  const entries = Object.entries(key.values).map(([name, lit]) => ({ field: requireField(def, name), lit }));
  const names = entries.map((e) => e.field.name).sort();
  const isNaturalKey =
    (names.length === 1 && names[0] === 'id') ||
    (def.naturalKeys ?? []).some((k) => k.length === names.length && [...k].sort().every((n, i) => n === names[i]));
  if (!isNaturalKey) throw badRequest(`(${Object.keys(key.values).join(',')}) is not a key of "${def.name}"`);
  const conds = entries.map(({ field, lit }) => {
    if (lit.kind === 'null') throw badRequest(`Key field "${field.name}" cannot be null`);
    return sql`${fieldSql(field, alias, principal)} = ${compileLiteral(lit, sqlTypeOf(field.type)).sql}`;
  });
  return sql`(${sql.join(conds, sql` AND `)})`;
}
