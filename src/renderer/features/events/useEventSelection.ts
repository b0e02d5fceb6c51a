import { useCallback, useMemo, useState } from 'react';
import type { EventFilterQuery } from '../../../shared/api/events';
import type { EventSelection } from '../../../shared/api/event-selection';

export interface EventSelectionState {
  /** The selection as the API takes it (undefined when nothing is selected). */
  selection: EventSelection | undefined;
  /** How many events are selected. */
  size: number;
  isSelected(id: string, index: number): boolean;
  /** Click toggles one row; shift-click selects the range from the last clicked row. */
  toggle(id: string, index: number, shift: boolean, idAt: (index: number) => string | undefined): void;
  selectAllMatching(): void;
  clear(): void;
}

/**
 * Multi-select over a filtered, server-paged event list: ids picked by click / shift-click,
 * or "everything matching the filter". Reused by replay runs (start from a selection).
 */
export function useEventSelection(filter: EventFilterQuery, total: number | undefined): EventSelectionState {
  const [ids, setIds] = useState<Set<string>>(new Set());
  const [all, setAll] = useState(false);
  const [anchor, setAnchor] = useState<number>();
  const filterKey = JSON.stringify(filter);
  const [forFilter, setForFilter] = useState(filterKey);
  if (forFilter !== filterKey) {
    // A new filter: the old selection no longer means anything.
    setForFilter(filterKey);
    setIds(new Set());
    setAll(false);
    setAnchor(undefined);
  }
  const toggle = useCallback(
    (id: string, index: number, shift: boolean, idAt: (index: number) => string | undefined) => {
      setAll(false);
      setIds((current) => {
        const next = new Set(current);
        if (shift && anchor !== undefined) {
          const [lo, hi] = anchor < index ? [anchor, index] : [index, anchor];
          for (let i = lo; i <= hi; i++) {
            const at = idAt(i);
            if (at) next.add(at);
          }
        } else if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
      setAnchor(index);
    },
    [anchor],
  );
  const selection = useMemo<EventSelection | undefined>(
    () => (all ? { kind: 'filter', filter } : ids.size ? { kind: 'ids', ids: [...ids] } : undefined),
    [all, ids, filterKey],
  );
  return {
    selection,
    size: all ? (total ?? 0) : ids.size,
    isSelected: (id) => all || ids.has(id),
    toggle,
    selectAllMatching: () => {
      setAll(true);
      setIds(new Set());
    },
    clear: () => {
      setAll(false);
      setIds(new Set());
      setAnchor(undefined);
    },
  };
}
