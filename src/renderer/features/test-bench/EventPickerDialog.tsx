import { useState, type ReactNode } from 'react';
import type { TestEvent } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { VirtualList } from '../../components/VirtualList';
import { eventLabel } from './sample-events';
import { toggled } from '../../lib/toggled';

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
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (key: string) => setSelected((s) => toggled(s, key));
  // Only rows on screen count: a new search leaves earlier choices out.
  const chosen = (rows ?? []).filter((r) => selected.has(r.key)).map((r) => r.event);
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
      {rows && rows.length > 0 && (
        <VirtualList
          items={rows}
          itemKey={(r) => r.key}
          estimateSize={32}
          label={props.title}
          className="picker-list"
          renderItem={(r) => (
            <label className="picker-row">
              <input type="checkbox" checked={selected.has(r.key)} onChange={() => toggle(r.key)} />
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
