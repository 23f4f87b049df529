import { sql } from 'kysely';
import type { FieldDef, FieldType, NavDef } from '../types.ts';

/** Small constructors that keep the resource tables readable. */
export const id: FieldDef = { name: 'id', type: 'Serial' };
export const createdAt: FieldDef = { name: 'created_at', type: 'Date Time' };

type Opts = Omit<Partial<FieldDef>, 'name' | 'type'>;

export function field(name: string, type: FieldType, opts: Opts = {}): FieldDef {
  return { name, type, ...opts };
}
/** A client-writable field. */
export function writable(name: string, type: FieldType, opts: Opts = {}): FieldDef {
  return { name, type, writable: true, ...opts };
}
/** An own foreign key; doubles as a navigation. */
export function fk(name: string, references: string, opts: Opts = {}): FieldDef {
  return { name, type: 'ForeignKey', references, ...opts };
}
/** A column that is never readable, filterable or writable through OData. */
export function hidden(name: string, type: FieldType = 'Text'): FieldDef {
  return { name, type, hidden: true, nullable: true };
}

/** Reverse navigation: child rows whose `childColumn` points at the parent's id. */
export function reverse(name: string, target: string, childColumn: string, aliases?: string[]): NavDef {
  return {
    name,
    target,
    cardinality: 'many',
    aliases,
    on: (parent, child) => sql`${sql.ref(`${child}.${childColumn}`)} = ${sql.ref(`${parent}.id`)}`,
  };
}

/**
 * Many-to-many navigation through a link table: target rows `child` such that a link row joins
 * `link.parentColumn = parent.id` and `link.childColumn = child.id`.
 */
export function through(
  name: string,
  target: string,
  linkTable: string,
  parentColumn: string,
  childColumn: string,
  aliases?: string[],
): NavDef {
  return {
    name,
    target,
    cardinality: 'many',
    aliases,
    on: (parent, child) => {
      const l = `${parent}_${name}_l`;
      return sql`EXISTS (SELECT 1 FROM ${sql.table(linkTable)} AS ${sql.table(l)} WHERE ${sql.ref(`${l}.${parentColumn}`)} = ${sql.ref(`${parent}.id`)} AND ${sql.ref(`${l}.${childColumn}`)} = ${sql.ref(`${child}.id`)})`;
    },
  };
}
