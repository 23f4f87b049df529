import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../lib/errors.ts';
import type { FieldDef, ResourceDef, Values } from '../model/types.ts';
import { columnOf, ruleSql, type CompileContext } from './context.ts';

/**
 * The checks a write passes BEFORE it changes anything (Hasura's pre-check; the post-check on
 * the row after the write lives in write-create.ts / write-update.ts):
 *
 * - the verb's row rule on the candidate row — the row as it will be — evaluated against the
 *   database as it was, so a new row can never grant itself the right to exist (an
 *   organization_membership making its poster an administrator);
 * - for every foreign key written, that the caller may reference the target: by default a row
 *   they may read, plus the field's domain rules (a pinned release belongs to the device's
 *   fleet, a moved device's architecture runs the new fleet, a release's creator is the caller).
 *
 * A missing target and an unreadable one answer the same 403, so no write tells an outsider
 * which rows exist; a domain rule's own message is given only for a target the caller can read.
 * All checks of one write run as one statement.
 */
export interface WriteCheck {
  /** A boolean over the candidate row (FALSE or NULL fails). */
  sql: RawBuilder<unknown>;
  fail: () => AppError;
}

export const referenceNotAllowed = (f: FieldDef, target: string) =>
  forbidden(`"${f.name}" must reference a ${target} that you may use`, 'reference_not_allowed');

/** The candidate row as JSON keyed by column: stored fields only; JSON columns are never part of a rule. */
export function candidateJson(def: ResourceDef, values: Values, { resolved = false } = {}): string {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    // A create input (an invitee's email where the column holds its id) is the hook's to resolve.
    if (!resolved && def.createInputs?.includes(name)) continue;
    const f = def.fields.find((x) => x.name === name);
    if (!f || f.computed || f.type === 'JSON') continue;
    record[columnOf(f)] = value;
  }
  return JSON.stringify(record);
}

/**
 * Reference checks for the foreign keys among `names`, over the candidate row alias `row`:
 * every visibility check first, then the domain rules, so a rule that spans two keys never
 * answers for a target the caller cannot see. With scope `any` there is no visibility check and
 * a missing target fails the rules themselves (same message as an existing one that breaks them).
 *
 * `oneRow`: the write checks a single row (a POST, a PATCH by key). PostgreSQL plans every
 * correlated EXISTS twice, also as a hashed IN over the whole target table, which only pays off
 * for many rows (a PATCH by $filter over a fleet); for one row that second plan is pure cost (about
 * a third of the checks' planning, bench/writes), and OFFSET 0 keeps it from being built.
 */
export function referenceChecks(
  ctx: CompileContext,
  def: ResourceDef,
  names: readonly string[],
  row: string,
  verb: 'create' | 'update',
  { oneRow }: { oneRow: boolean },
): WriteCheck[] {
  const p = ctx.principal;
  if (p.kind === 'system') return [];
  const visibility: WriteCheck[] = [];
  const rules: WriteCheck[] = [];
  for (const name of names) {
    const f = def.fields.find((x) => x.name === name);
    if (!f || f.type !== 'ForeignKey' || !f.references) continue;
    const target = ctx.resource(f.references);
    const value = sql.ref(`${row}.${columnOf(f)}`);
    const exists = (cond: (alias: string) => RawBuilder<unknown>) => {
      const t = ctx.alias();
      return sql`(${value} IS NULL OR EXISTS (SELECT 1 FROM ${sql.table(target.table)} AS ${sql.id(t)} WHERE ${sql.ref(`${t}.id`)} = ${value} AND ${cond(t)}${oneRow ? sql` OFFSET 0` : sql``}))`;
    };
    if ((f.reference?.scope ?? 'readable') === 'readable') {
      visibility.push({ sql: exists((t) => ruleSql(target.permissions.read, t, p, { rowsAtHand: true })), fail: () => referenceNotAllowed(f, target.name) });
    }
    for (const rule of f.reference?.rules ?? []) {
      if (rule.on && rule.on !== verb) continue;
      rules.push({
        sql: exists((t) => {
          const c = rule.check(row, t, p);
          return c === true ? sql`TRUE` : c === false ? sql`FALSE` : sql`(${c})`;
        }),
        fail: () => new AppError(rule.status ?? 400, rule.message, 'reference_rule'),
      });
    }
  }
  return [...visibility, ...rules];
}

/** Foreign keys among the written values (only those are reference-checked). */
export function foreignKeysIn(def: ResourceDef, values: Values): string[] {
  return Object.keys(values).filter((n) => !def.createInputs?.includes(n) && def.fields.some((f) => f.name === n && f.type === 'ForeignKey'));
}

/** The selected check columns `c0, c1, …`, each coalesced to FALSE. */
export function checkColumns(checks: readonly WriteCheck[]): RawBuilder<unknown>[] {
  return checks.map((c, i) => sql`coalesce(${c.sql}, FALSE) AS ${sql.id(`c${i}`)}`);
}

/** Throws the first check that failed on any of the rows. */
export function raiseFailed(checks: readonly WriteCheck[], rows: readonly Record<string, unknown>[]): void {
  checks.forEach((c, i) => {
    if (rows.some((r) => r[`c${i}`] !== true)) throw c.fail();
  });
}

/**
 * POST pre-check: the create rule on the candidate row, then the references. A caller who
 * may not create the row but left out a required foreign key is told that instead (it is
 * their own body, nothing leaks).
 */
export async function assertCreateAllowed(db: Db, ctx: CompileContext, def: ResourceDef, values: Values): Promise<void> {
  if (ctx.principal.kind === 'system') return;
  const row = ctx.alias();
  const checks: WriteCheck[] = [
    { sql: ruleSql(def.permissions.create, row, ctx.principal, { rowsAtHand: true }), fail: () => missingRequiredKey(def, values) ?? unauthorized() },
    ...referenceChecks(ctx, def, foreignKeysIn(def, values), row, 'create', { oneRow: true }),
  ];
  await runCandidateChecks(db, candidateJson(def, values), def, row, checks);
}

/** References a hook set or changed (server-resolved values still obey the field's rules). */
export async function assertReferencesAllowed(db: Db, ctx: CompileContext, def: ResourceDef, values: Values, names: readonly string[], verb: 'create' | 'update', ids?: number[]): Promise<void> {
  if (ctx.principal.kind === 'system' || names.length === 0) return;
  const row = ctx.alias();
  const checks = referenceChecks(ctx, def, names, row, verb, { oneRow: verb === 'create' || ids?.length === 1 });
  if (checks.length === 0) return;
  if (verb === 'create') return runCandidateChecks(db, candidateJson(def, values, { resolved: true }), def, row, checks);
  const t = ctx.alias();
  const r = await sql<Record<string, unknown>>`SELECT ${sql.join(checkColumns(checks))}
    FROM ${sql.table(def.table)} AS ${sql.id(t)} CROSS JOIN LATERAL json_populate_record(${sql.id(t)}, ${candidateJson(def, values, { resolved: true })}::json) AS ${sql.id(row)}
    WHERE ${sql.ref(`${t}.id`)} = ANY(${`{${(ids ?? []).join(',')}}`}::int[])`.execute(db);
  raiseFailed(checks, r.rows);
}

async function runCandidateChecks(db: Db, candidate: string, def: ResourceDef, row: string, checks: WriteCheck[]): Promise<void> {
  const r = await sql<Record<string, unknown>>`SELECT ${sql.join(checkColumns(checks))}
    FROM json_populate_record(NULL::${sql.table(def.table)}, ${candidate}::json) AS ${sql.id(row)}`.execute(db);
  raiseFailed(checks, r.rows);
}

function missingRequiredKey(def: ResourceDef, values: Values): AppError | undefined {
  const f = def.fields.find((x) => x.required && x.type === 'ForeignKey' && (values[x.name] === undefined || values[x.name] === null));
  return f ? badRequest(`Field "${f.name}" of "${def.name}" is required`) : undefined;
}
