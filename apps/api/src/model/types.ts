import type { RawBuilder } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';

/**
 * The resource registry's vocabulary. One `ResourceDef` per OData resource drives the
 * OData compiler (what can be selected, expanded, filtered, written) and the permission
 * rules that are ANDed into every statement. Field names are the wire contract
 * (compat/balena-api.md §6); columns default to the same names.
 */
export type FieldType =
  | 'Serial'
  | 'Integer'
  | 'Big Integer'
  | 'Real'
  | 'Short Text'
  | 'Text'
  | 'Boolean'
  | 'Date Time'
  | 'JSON'
  | 'ForeignKey';

export interface FieldDef {
  /** Name on the wire. */
  name: string;
  /** Column in the table; defaults to `name`. */
  column?: string;
  type: FieldType;
  /** ForeignKey only: the target resource. Serialised as `{"__id": N}` unless expanded. */
  references?: string;
  /** Other wire names for this field/navigation (e.g. release_image `release` for `is_part_of__release`). */
  aliases?: string[];
  nullable?: boolean;
  /** Clients may set it in POST/PATCH; everything else is server-managed. */
  writable?: boolean;
  /** A POST must provide it (checked after hooks.beforeCreate). */
  required?: boolean;
  /** Read-only computed field: a SQL expression over the row alias (e.g. overall_status). */
  computed?: (alias: string) => RawBuilder<unknown>;
  /** Never readable, filterable or writable through OData (password hashes, key hashes). */
  hidden?: boolean;
}

/** A navigation that is not an own foreign key (reverse or virtual). Own FK fields are navigations automatically. */
export interface NavDef {
  name: string;
  aliases?: string[];
  /** Target resource name. */
  target: string;
  cardinality: 'one' | 'many';
  /** Join condition between the parent row alias and the target row alias. */
  on: (parent: string, child: string) => RawBuilder<unknown>;
}

/**
 * A row condition for a principal: a SQL boolean over the row alias, or a constant.
 * `true` = every row, `false` = none. Never evaluated for the `system` principal.
 */
export type RowRule = (alias: string, principal: Principal) => RawBuilder<unknown> | boolean;

export interface PermissionRules {
  read?: RowRule;
  /** Checked on the inserted row inside the transaction; failing rolls back. */
  create?: RowRule;
  /** Checked on the rows before (WHERE) and after (re-check) the update. */
  update?: RowRule;
  delete?: RowRule;
}

export interface WriteContext {
  /** The transaction the write runs in. */
  db: Db;
  principal: Principal;
  /** The server's configuration (public URL for emailed links, mail settings). */
  config: AppConfig;
}

export type Values = Record<string, unknown>;

export interface ResourceHooks {
  /** Validate and complete a POST body (server-generated fields such as slug/uuid/actor). Throw AppError on bad input. */
  beforeCreate?(values: Values, ctx: WriteContext): Promise<Values> | Values;
  afterCreate?(row: Values & { id: number }, ctx: WriteContext): Promise<void> | void;
  /** Validate a PATCH body for the given row ids. */
  beforeUpdate?(patch: Values, ids: number[], ctx: WriteContext): Promise<Values> | Values;
  afterUpdate?(ids: number[], patch: Values, ctx: WriteContext): Promise<void> | void;
  beforeDelete?(ids: number[], ctx: WriteContext): Promise<void> | void;
}

export interface ResourceDef {
  /** Canonical short name, e.g. `application_environment_variable`. */
  name: string;
  /** Long/alternative names that address the same resource, e.g. `application__has__env_var_name`. */
  aliases?: string[];
  table: string;
  fields: FieldDef[];
  navs?: NavDef[];
  /** Alternate keys usable as `resource(k='v')` / `resource(a=1,b='x')`; uniqueness is enforced by the schema (409 "unique"). */
  naturalKeys?: string[][];
  permissions: PermissionRules;
  hooks?: ResourceHooks;
  /**
   * Write-only POST body keys handed to hooks.beforeCreate and never stored or readable, e.g.
   * team_membership `username` (balena-sdk team.membership.create posts a username, not a user id).
   * The hook must consume them: a value left in its result is a server error.
   */
  createInputs?: string[];
}

/** Looks resources up by canonical name or alias (`application__has__env_var_name` → application_environment_variable). */
export interface ResourceRegistry {
  get(nameOrAlias: string): ResourceDef | undefined;
  all(): readonly ResourceDef[];
}
