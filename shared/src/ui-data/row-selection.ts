import { useState } from 'react';
import type { CheckboxState } from './checkbox';

export type RowId = string | number;

/** State of a select-all box over `rowIds`: checked when all are selected, mixed when some. */
export function selectAllState(rowIds: readonly RowId[], selected: ReadonlySet<RowId>): CheckboxState {
  const count = rowIds.filter((id) => selected.has(id)).length;
  if (count === 0) return false;
  return count === rowIds.length ? true : 'indeterminate';
}

/** Selects every row of `rowIds` (checked) or removes them all (unchecked); other ids are kept. */
export function toggleAll(
  rowIds: readonly RowId[],
  selected: ReadonlySet<RowId>,
  checked: boolean,
): Set<RowId> {
  const next = new Set(selected);
  for (const id of rowIds) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Adds or removes one id. */
export function toggleOne(selected: ReadonlySet<RowId>, id: RowId, checked: boolean): Set<RowId> {
  const next = new Set(selected);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

export interface RowSelection {
  selected: ReadonlySet<RowId>;
  setSelected: (next: Set<RowId>) => void;
  clear: () => void;
}

/**
 * Selected row ids of a list, emptied whenever `scope` changes (pass the list's query key as text:
 * a new page, search or filter starts with nothing selected, so a bulk action only touches rows the
 * user can see).
 */
export function useRowSelection(scope: string): RowSelection {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<RowId> }>({ scope, ids: new Set() });
  const selected = state.scope === scope ? state.ids : EMPTY;
  return {
    selected,
    setSelected: (next) => setState({ scope, ids: next }),
    clear: () => setState({ scope, ids: new Set() }),
  };
}

const EMPTY: ReadonlySet<RowId> = new Set();
