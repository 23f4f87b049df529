/**
 * The staged edits of a variables table (fleets spec §4 "Variable edits"): each row's edit is
 * kept, not sent, as added, changed (updated) or deleted under its pending key; one row can be
 * undone, Revert all drops every edit, Apply all sends them together and keeps the failed ones
 * staged with their error. Pure functions over plain values, so the screen and the tests share
 * one model.
 */
import { runBatch } from '@flotilla/core/batch';

/** "All services" (fleets spec §4): a variable of the fleet or device as a whole. */
export const ALL_SERVICES = 0;

/** Whose variables a table edits: the fleet's (fleet and service variables) or a device's overrides. */
export type VariableLevel = 'fleet' | 'device';

/** A variable as the API holds it: `serviceId` is ALL_SERVICES for a fleet-wide or device-wide one. */
export interface SavedVariable {
  id: number;
  name: string;
  serviceId: number;
  value: string;
}

/** What names a row: its name and its service (ALL_SERVICES or a service id). */
export interface VariableRef {
  name: string;
  serviceId: number;
}

/**
 * The pending edit key of §4: `name_a` for a fleet variable, `name_sa_{serviceId}` for a service
 * variable, and the same behind `d_` (device variable) or `sd_` (device-service variable) for a
 * device's. Two rows share a key exactly when the API's natural key (owner, name) would collide.
 */
export function pendingKey(level: VariableLevel, { name, serviceId }: VariableRef): string {
  const base = serviceId === ALL_SERVICES ? `${name}_a` : `${name}_sa_${serviceId}`;
  if (level === 'fleet') return base;
  return serviceId === ALL_SERVICES ? `d_${base}` : `sd_${base}`;
}

export type StagedEdit =
  | { status: 'added'; name: string; serviceId: number; value: string; error?: string }
  | { status: 'changed'; id: number; name: string; serviceId: number; value: string; error?: string }
  | { status: 'deleted'; id: number; name: string; serviceId: number; error?: string };

/** Staged edits by pending key. */
export type Staging = Readonly<Record<string, StagedEdit>>;

export const NO_EDITS: Staging = {};

function savedByKey(level: VariableLevel, saved: readonly SavedVariable[]): Map<string, SavedVariable> {
  return new Map(saved.map((v) => [pendingKey(level, v), v]));
}

function without(staging: Staging, key: string): Staging {
  const { [key]: _dropped, ...rest } = staging;
  return rest;
}

/**
 * Sets a row's value: an edit of a saved variable is "changed" (or nothing when back to the
 * saved value), of a deleted one it comes back as "changed", of an unsaved one it stays "added".
 */
export function stageValue(staging: Staging, level: VariableLevel, saved: readonly SavedVariable[], ref: VariableRef, value: string): Staging {
  const key = pendingKey(level, ref);
  const original = savedByKey(level, saved).get(key);
  if (!original) return { ...staging, [key]: { status: 'added', name: ref.name, serviceId: ref.serviceId, value } };
  if (original.value === value) return without(staging, key);
  return { ...staging, [key]: { status: 'changed', id: original.id, name: original.name, serviceId: original.serviceId, value } };
}

/** Deletes a row: a saved variable is staged "deleted"; an unsaved one just goes away. */
export function stageDelete(staging: Staging, level: VariableLevel, saved: readonly SavedVariable[], ref: VariableRef): Staging {
  const key = pendingKey(level, ref);
  const original = savedByKey(level, saved).get(key);
  if (!original) return without(staging, key);
  return { ...staging, [key]: { status: 'deleted', id: original.id, name: original.name, serviceId: original.serviceId } };
}

/** Undoes one row's edit: it shows as saved again. */
export function undoEdit(staging: Staging, key: string): Staging {
  return without(staging, key);
}

export type RowStatus = 'saved' | StagedEdit['status'];

/** A row of the table: the saved variable with its staged edit on top. */
export interface VariableRow {
  key: string;
  name: string;
  serviceId: number;
  /** The value shown: the staged one, else the saved one (a deleted row shows what it had). */
  value: string;
  /** The value the API holds, or null for an added row. */
  savedValue: string | null;
  status: RowStatus;
  /** Why the row's last apply failed. */
  error: string | null;
}

/** Saved variables with the staged edits applied, added rows included, by name then service. */
export function mergeRows(level: VariableLevel, saved: readonly SavedVariable[], staging: Staging): VariableRow[] {
  const rows = new Map<string, VariableRow>();
  for (const v of saved) {
    const key = pendingKey(level, v);
    rows.set(key, { key, name: v.name, serviceId: v.serviceId, value: v.value, savedValue: v.value, status: 'saved', error: null });
  }
  for (const [key, edit] of Object.entries(staging)) {
    const row = rows.get(key);
    const value = edit.status === 'deleted' ? (row?.value ?? '') : edit.value;
    rows.set(key, { key, name: edit.name, serviceId: edit.serviceId, value, savedValue: row?.savedValue ?? null, status: edit.status, error: edit.error ?? null });
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.serviceId - b.serviceId);
}

/**
 * Whether a new row would repeat a name for the same service (or the same device): §5
 * `fields_errors.already_exist`. A row staged as deleted frees its name (adding it again is a change).
 */
export function isNameTaken(rows: readonly VariableRow[], level: VariableLevel, ref: VariableRef): boolean {
  const key = pendingKey(level, ref);
  return rows.some((row) => row.key === key && row.status !== 'deleted');
}

/** How many rows have a staged edit. */
export function editCount(staging: Staging): number {
  return Object.keys(staging).length;
}

/** Sends one staged edit (create, update the value, or delete). */
export type ApplyEdit = (edit: StagedEdit) => Promise<unknown>;

/** Concurrency of Apply all (fleets spec §7, §9: setting variables runs 10 at a time). */
export const APPLY_CONCURRENCY = 10;

export type ApplyOutcome = { kind: 'success' } | { kind: 'failed'; failed: number; message: string };

/**
 * Apply all: every staged edit through `apply`, APPLY_CONCURRENCY at once. The edits that
 * failed stay staged with their error (the others are done); the outcome is "all changes
 * successful" or "some changes failed to apply" with the first error.
 */
export async function applyAll(staging: Staging, apply: ApplyEdit, messageOf: (error: unknown) => string): Promise<{ staging: Staging; outcome: ApplyOutcome }> {
  const entries = Object.entries(staging);
  const result = await runBatch(entries, ([, edit]) => apply(edit), APPLY_CONCURRENCY);
  if (result.failed.length === 0) return { staging: NO_EDITS, outcome: { kind: 'success' } };
  const left: Record<string, StagedEdit> = {};
  for (const { item: [key, edit], error } of result.failed) left[key] = { ...edit, error: messageOf(error) };
  return { staging: left, outcome: { kind: 'failed', failed: result.failed.length, message: left[result.failed[0]!.item[0]]!.error! } };
}
