import { sql, type RawBuilder } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import { badRequest } from '../lib/errors.ts';
import { forRowsAtHand } from '../model/access/rule-builders.ts';
import type { FieldDef, ResourceDef, ResourceRegistry, RowRule } from '../model/types.ts';

/**
 * Shared state of one compilation: the registry, the caller, and a counter for table
 * aliases (`t0`, `t1`, …). Also the name resolution every compiler needs: wire names
 * (canonical or alias) → fields and navigations, and the caller's row rules as SQL.
 */
export type Verb = 'read' | 'create' | 'update' | 'delete';

export interface ResolvedNav {
  name: string;
  target: ResourceDef;
  cardinality: 'one' | 'many';
  on: (parent: string, child: string) => RawBuilder<unknown>;
}

export class CompileContext {
  private next = 0;

  constructor(
    readonly registry: ResourceRegistry,
    readonly principal: Principal,
  ) {}

  alias(): string {
    return `t${this.next++}`;
  }

  resource(name: string): ResourceDef {
    const def = this.registry.get(name);
    if (!def) throw badRequest(`Unknown resource "${name}"`);
    return def;
  }

  /** The row rule for `verb` as a SQL condition over `alias`; `system` is never restricted. */
  rule(def: ResourceDef, verb: Verb, alias: string, shape?: RuleShape): RawBuilder<unknown> {
    return ruleSql(def.permissions[verb], alias, this.principal, shape);
  }
}

/**
 * `rowsAtHand`: the statement checks rows it already has (a write's candidate, the ids it names)
 * rather than looking for rows: rules through parent tables then probe each row's parent by key
 * (model/access/rule-builders.ts fleetVia), a cost bounded by the write, not by the caller's fleets.
 */
export interface RuleShape {
  rowsAtHand?: boolean;
}

export function ruleSql(rule: RowRule | undefined, alias: string, principal: Principal, shape?: RuleShape): RawBuilder<unknown> {
  if (principal.kind === 'system') return sql`TRUE`;
  // A verb without a rule is closed to everyone but the server itself.
  if (!rule) return sql`FALSE`;
  const r = shape?.rowsAtHand ? forRowsAtHand(() => rule(alias, principal)) : rule(alias, principal);
  if (r === true) return sql`TRUE`;
  if (r === false) return sql`FALSE`;
  return sql`(${r})`;
}

/** A readable field by wire name or alias; hidden fields do not exist for clients. */
export function findField(def: ResourceDef, name: string): FieldDef | undefined {
  return def.fields.find((f) => !f.hidden && (f.name === name || f.aliases?.includes(name)));
}

export function requireField(def: ResourceDef, name: string): FieldDef {
  const f = findField(def, name);
  if (!f) throw badRequest(`Unknown field "${name}" on resource "${def.name}"`);
  return f;
}

/** Own foreign keys are navigations too (target row whose id is the column's value). */
export function findNav(ctx: CompileContext, def: ResourceDef, name: string): ResolvedNav | undefined {
  const field = findField(def, name);
  if (field?.type === 'ForeignKey' && field.references) {
    return {
      name,
      target: ctx.resource(field.references),
      cardinality: 'one',
      // fieldSql, not the bare column: computed FKs (device.should_be_running__release) join too.
      on: (parent, child) => sql`${sql.ref(`${child}.id`)} = ${fieldSql(field, parent, ctx.principal)}`,
    };
  }
  const nav = def.navs?.find((n) => n.name === name || n.aliases?.includes(name));
  if (!nav) return undefined;
  return { name, target: ctx.resource(nav.target), cardinality: nav.cardinality, on: nav.on };
}

export function requireNav(ctx: CompileContext, def: ResourceDef, name: string): ResolvedNav {
  const nav = findNav(ctx, def, name);
  if (!nav) throw badRequest(`Unknown navigation "${name}" on resource "${def.name}"`);
  return nav;
}

export const columnOf = (f: FieldDef): string => f.column ?? f.name;

/**
 * The field's value as SQL over a row alias, as `principal` reads it (computed fields compile
 * their expression; a field with a `readRule` is NULL where the rule does not hold).
 */
export function fieldSql(f: FieldDef, alias: string, principal: Principal): RawBuilder<unknown> {
  const read = f.computed ?? f.readAs;
  const value = read ? sql`(${read(alias)})` : sql.ref(`${alias}.${columnOf(f)}`);
  if (!f.readRule || principal.kind === 'system') return value;
  return sql`(CASE WHEN ${ruleSql(f.readRule, alias, principal)} THEN ${value} END)`;
}

export function idSql(alias: string): RawBuilder<unknown> {
  return sql.ref(`${alias}.id`);
}

export function hasIdField(def: ResourceDef): boolean {
  return def.fields.some((f) => f.name === 'id' && !f.computed);
}
