import { useState } from 'react';

/**
 * Selected row ids of a list. `resetKey` names what the rows are (the filter rules): when it
 * changes the selection starts empty again, so a batch action never reaches rows the user no
 * longer sees described. Selection survives paging and sorting within the same filter.
 */
export function useRowSelection<Id extends string | number>(resetKey: string) {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<Id> }>({ key: resetKey, ids: new Set() });
  const selected: ReadonlySet<Id> = state.key === resetKey ? state.ids : new Set();
  const update = (ids: ReadonlySet<Id>) => setState({ key: resetKey, ids });
  return {
    selected,
    toggle(id: Id) {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      update(next);
    },
    setMany(ids: readonly Id[], isSelected: boolean) {
      const next = new Set(selected);
      for (const id of ids) {
        if (isSelected) next.add(id);
        else next.delete(id);
      }
      update(next);
    },
    clear() {
      update(new Set());
    },
  };
}
