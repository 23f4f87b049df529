import { z } from 'zod';
import { storeItem, type KeyValueStorage } from '../../lib/browser-storage.ts';

/**
 * Which columns a user hid in a table, remembered in localStorage per user and table
 * (`flotilla.columns.<tableId>.<userKey>`). Hidden ids are stored rather than shown ones, so a
 * column added later appears; nothing stored means the table's defaults.
 */
export const columnChoiceKey = (tableId: string, userKey: string) => `flotilla.columns.${tableId}.${userKey}`;

const stored = z.object({ hidden: z.array(z.string()) });

export interface ColumnSpec {
  id: string;
  isHideable?: boolean;
  isHiddenByDefault?: boolean;
}

function defaults(columns: readonly ColumnSpec[]): string[] {
  return columns.filter((c) => c.isHiddenByDefault && c.isHideable !== false).map((c) => c.id);
}

/** The hidden column ids: the stored choice (only columns that exist and may be hidden), else the defaults. */
export function readHiddenColumns(storage: KeyValueStorage | null, tableId: string, userKey: string, columns: readonly ColumnSpec[]): string[] {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(columnChoiceKey(tableId, userKey)) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return defaults(columns);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaults(columns);
  }
  const result = stored.safeParse(parsed);
  if (!result.success) return defaults(columns);
  const hideable = new Set(columns.filter((c) => c.isHideable !== false).map((c) => c.id));
  return result.data.hidden.filter((id) => hideable.has(id));
}

export function writeHiddenColumns(storage: KeyValueStorage | null, tableId: string, userKey: string, hidden: readonly string[]): void {
  storeItem(storage, columnChoiceKey(tableId, userKey), JSON.stringify({ hidden: [...hidden] }));
}

/** Shows or hides one column; a column that may not be hidden stays shown. */
export function toggleHidden(hidden: readonly string[], column: ColumnSpec): string[] {
  if (column.isHideable === false) return [...hidden];
  return hidden.includes(column.id) ? hidden.filter((id) => id !== column.id) : [...hidden, column.id];
}
