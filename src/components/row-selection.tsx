import { useState } from 'react';
import { LIST_LIMIT_MAX } from '@contract/list-limits';

/** At most this many rows are acted on at once: "all N matching" is offered up to it (one call fetches them). */
export const BULK_MAX = LIST_LIMIT_MAX;

/** The rows ticked on a list, or every row matching its filters. */
export interface RowSelection<T> {
  selected: T[];
  /** Every row matching the list's filters, on every page (the ticked ones are this page's). */
  allMatching: boolean;
  setSelected: (rows: T[]) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/**
 * The selection of a list, let go whenever `viewKey` changes (another filter, sort or page):
 * what is acted on is always what the list shows.
 */
export function useRowSelection<T>(viewKey: string): RowSelection<T> {
  const [state, setState] = useState({ viewKey, selected: [] as T[], allMatching: false });
  // Adjusted while rendering, so a new view never shows the old one's selection for a frame.
  if (state.viewKey !== viewKey) setState({ viewKey, selected: [], allMatching: false });
  const current = state.viewKey === viewKey ? state : { viewKey, selected: [] as T[], allMatching: false };
  return {
    selected: current.selected,
    allMatching: current.allMatching,
    setSelected: (rows) => setState({ viewKey, selected: rows, allMatching: false }),
    selectAllMatching: () => setState((s) => ({ ...s, allMatching: true })),
    clear: () => setState({ viewKey, selected: [], allMatching: false }),
  };
}

/** A list's selection as its table or cards show it. */
export interface TableSelection<T> {
  selection: RowSelection<T>;
  /** Which rows can be ticked (those the action applies to); all when absent. */
  isSelectable?: (record: T) => boolean;
  /** The row's name, for its checkbox's label ("Select CMP-2026-000123"). */
  labelOf: (record: T) => string;
}

/** Whether anything is ticked: the selection bar (its own chunk) shows only then. */
export const hasSelection = (selection: Pick<RowSelection<unknown>, 'allMatching' | 'selected'>) =>
  selection.allMatching || selection.selected.length > 0;
