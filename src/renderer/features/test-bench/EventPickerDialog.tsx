import { useState, type ReactNode } from 'react';
import type { TestEvent } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { VirtualList } from '../../components/VirtualList';
import { eventLabel } from './sample-events';

export interface PickerProps {
  onClose: () => void;
  /** `replace` true replaces the test events; false appends. */
  onPick: (events: TestEvent[], replace: boolean) => void;
}

/** A row of a picker: the event and what to show beside its label. */
export interface PickerRow {
  key: string;
  event: TestEvent;
  detail: string;
}

/**
 * A dialog listing events with checkboxes (virtualised): "Add selected" appends them to the
 * test events, "Use selected" replaces them. Search and loading are the caller's (children).
 */
export function EventPickerDialog(props: PickerProps & { title: string; testId: string; rows: PickerRow[] | undefined; extraAction?: ReactNode; children?: ReactNode; footer?: ReactNode }) {
  const { rows, onPick } = props;
  // What is checked stays checked when a new search shows other rows (kept with its event).
  const [selected, setSelected] = useState<Map<string, TestEvent>>(new Map());
  const toggle = (row: PickerRow) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(row.key)) next.delete(row.key);
      else next.set(row.key, row.event);
      return next;
    });
  const chosen = [...selected.values()];
  const shownKeys = new Set((rows ?? []).map((r) => r.key));
  const hidden = [...selected.keys()].filter((k) => !shownKeys.has(k)).length;
  const pick = (replace: boolean) => onPick(chosen, replace);
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      wide
      testId={props.testId}
      actions={
        <>
          <button type="button" className="secondary" onClick={props.onClose}>Cancel</button>
          <button type="button" className="secondary" disabled={chosen.length === 0} onClick={() => pick(false)}>Add selected ({chosen.length})</button>
          <button type="button" className={props.extraAction ? 'secondary' : undefined} disabled={chosen.length === 0} onClick={() => pick(true)}>Use selected ({chosen.length})</button>
          {props.extraAction}
        </>
      }
    >
      {props.children}
      {chosen.length > 0 && (
        <p className="muted small" data-testid="picker-selection" role="status">
          {chosen.length} selected{hidden > 0 ? ` (${hidden} not in this list)` : ''} ·{' '}
          <button type="button" className="link" onClick={() => setSelected(new Map())}>clear the selection</button>
        </p>
      )}
      {rows && rows.length > 0 && (
        <VirtualList
          items={rows}
          itemKey={(r) => r.key}
          estimateSize={32}
          label={props.title}
          className="picker-list"
          renderItem={(r) => (
            <label className="picker-row">
              <input type="checkbox" checked={selected.has(r.key)} onChange={() => toggle(r)} />
              <span>{eventLabel(r.event)}</span>
              <span className="muted">{r.detail}</span>
            </label>
          )}
        />
      )}
      {props.footer}
    </Dialog>
  );
}
