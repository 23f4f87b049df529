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
  /**
   * Who may set it in POST/PATCH: `true` = users (through the verb's row rule); a list names
   * the principal kinds (a device key reports its own status fields, never its fleet or pins).
   * Everything else is server-managed.
   */
  writable?: boolean | readonly Writer[];
  /**
   * ForeignKey only: which rows a writer may point it at (odata/write-checks.ts). By default the
   * referenced row must be one the caller may read; `rules` add the domain rules on top.
   */
  reference?: ReferenceSpec;
  /**
   * PATCH only: a rule the row must pass BEFORE the write for this field to change, on top of
   * the update rule (moving a device needs resin.device.move on its current fleet).
   */
  changeRule?: RowRule;
  /** A POST must provide it (checked after hooks.beforeCreate). */
  required?: boolean;
  /**
   * Text holding a version ("balenaOS 6.0.10", "6.0.10+rev1"): `$orderby` sorts it by its numeric
   * major.minor.patch first (6.0.9 before 6.0.10), then as text (odata/compile-orderby.ts).
   */
  sortsAsVersion?: boolean;
  /** Read-only computed field: a SQL expression over the row alias (e.g. overall_status). */
  computed?: (alias: string) => RawBuilder<unknown>;
  /**
   * A stored (and maybe writable) field read through this SQL expression over the row alias
   * instead of its column, everywhere it is read (a release asset's href signed per read,
   * release-assets/asset-href.ts). Writes still go to the column.
   */
  readAs?: (alias: string) => RawBuilder<unknown>;
  /**
   * Read-only fields: who may read the value, a row rule over the same row, on top of the
   * resource's read rule. For anyone else it reads as NULL everywhere the value is used —
   * `$select`, `$expand`, `$filter`, `$orderby`, keys — so a filter cannot tell it either
   * (odata/context.ts `fieldSql`). For a value only some of a row's readers may see: the
   * organization's billing state on a row its fleets' members read. Nullable fields only.
   */
  readRule?: RowRule;
  /** Never readable, filterable or writable through OData (password hashes, key hashes). */
  hidden?: boolean;
  /**
   * Text, Short Text and JSON: the longest value a write may store, in characters (JSON: of its
   * serialisation). Unset = the type's bound (odata/write-values.ts `TEXT_BOUNDS`).
   */
  maxLength?: number;
}

/** Principal kinds that write through OData (the server itself, `system`, writes anything). */
export type Writer = 'user' | 'device' | 'application';

/**
 * A domain rule for writing a foreign key: SQL over the written row as it will be (`row`) and
 * the referenced row (`target`). Checked before the write, after the verb's own rule.
 */
export interface ReferenceRule {
  check: (row: string, target: string, p: Principal) => RawBuilder<unknown> | boolean;
  /** The answer when the caller can see the target but the rule fails (so nothing leaks). */
  message: string;
  /** 400 for a domain rule (default), 403 for a permission on the target. */
  status?: 400 | 403;
  /** Only on this verb (e.g. the move permission applies to PATCH, not to creating a device). */
  on?: 'create' | 'update';
}

export interface ReferenceSpec {
  /**
   * `readable` (default): the caller may read the target. `any`: any existing row — for
   * references the server resolves itself (an invitee made from an email address) and for
   * members named by username (an unknown name then fails the rules as an outsider would);
   * their rules still hold.
   */
  scope?: 'readable' | 'any';
  rules?: readonly ReferenceRule[];
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
  /**
   * Checked twice: on the candidate row against the database as it was, before any hook looks
   * at other rows and before the INSERT (so a row cannot grant itself the right to exist), and
   * on the inserted row inside the transaction (failing rolls back).
   */
  create?: RowRule;
  /** Checked on the row before, on the row as it will become (before the UPDATE), and on the row after. */
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
  /**
   * After the POST's transaction has committed (ctx.db is the database, not a transaction): work
   * that must not be undone by a rollback, such as charging a card for the committed row. The
   * POST then answers the row as it is after this. Only for writes that own their transaction:
   * the engine refuses a resource with this hook inside a caller's transaction.
   */
  afterCommit?(row: { id: number }, ctx: WriteContext): Promise<void>;
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
  /**
   * The rows are the server's catalog (device types, CPU architectures): seeded by the operator,
   * never created by callers, so their count does not grow with tenants' data. A `$filter` path
   * may return to such a resource once (navigation-rules.ts), as `balena preload` asks for fleets
   * whose device type's architecture is supported by the image's device type.
   */
  catalog?: true;
}

/** Looks resources up by canonical name or alias (`application__has__env_var_name` → application_environment_variable). */
export interface ResourceRegistry {
  get(nameOrAlias: string): ResourceDef | undefined;
  all(): readonly ResourceDef[];
}
