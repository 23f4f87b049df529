import type { ReactNode } from 'react';

/**
 * A column of a DataTable. `id` names it everywhere: in the list's fields (then it is sortable
 * and filterable on the server), in the remembered column choice and in the URL's sort.
 */
export interface DataColumn<Row> {
  id: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** False for the column that names the row (it cannot be hidden). Default true. */
  isHideable?: boolean;
  /** Hidden until the user shows it. */
  isHiddenByDefault?: boolean;
  /** How an enum field's value reads in the filter dialog and its chips. */
  optionLabel?: (value: string) => string;
  /** Minimum width in px, so cells stay readable when the table scrolls sideways. */
  minWidth?: number;
  /** 'right' for counts and for a row's action buttons. Default left. */
  align?: 'left' | 'right';
}

/** The column of a row's action buttons: right-aligned, never hidden, neither sorted nor filtered (no list field has its id). */
export function actionsColumn<Row>(label: string, render: (row: Row) => ReactNode): DataColumn<Row> {
  return { id: 'actions', label, isHideable: false, align: 'right', render };
}
