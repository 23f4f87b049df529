import { useState } from 'react';
import { browserStorage } from '../../lib/browser-storage.ts';
import { readHiddenColumns, toggleHidden, writeHiddenColumns, type ColumnSpec } from './column-choice.ts';

/**
 * The hidden columns of a table for the signed-in user, remembered across reloads. `userKey`
 * is null until the user is known; the defaults apply meanwhile.
 */
export function useColumnChoice(tableId: string, userKey: string | null, columns: readonly ColumnSpec[]) {
  const [state, setState] = useState<{ userKey: string | null; hidden: string[] }>(() => ({
    userKey,
    hidden: userKey === null ? readHiddenColumns(null, tableId, '', columns) : readHiddenColumns(browserStorage(), tableId, userKey, columns),
  }));
  // The user became known (or changed): read their choice, during render rather than in an effect.
  let current = state;
  if (state.userKey !== userKey) {
    current = { userKey, hidden: readHiddenColumns(userKey === null ? null : browserStorage(), tableId, userKey ?? '', columns) };
    setState(current);
  }
  const toggle = (column: ColumnSpec) => {
    const hidden = toggleHidden(current.hidden, column);
    if (current.userKey !== null) writeHiddenColumns(browserStorage(), tableId, current.userKey, hidden);
    setState({ userKey: current.userKey, hidden });
  };
  return { hidden: current.hidden, toggle };
}
