import { useEffect, useMemo, useState } from 'react';
import type { TestEvent } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { VirtualList } from '../../components/VirtualList';
import { eventLabel, loadSampleEvents } from './sample-events';

export interface PickerProps {
  onClose: () => void;
  /** `replace` true replaces the test events; false appends. */
  onPick: (events: TestEvent[], replace: boolean) => void;
}

/** Choose events from the bundled sample set (search by type, name or any value). */
export function SamplePicker({ onClose, onPick }: PickerProps) {
  const [samples, setSamples] = useState<TestEvent[]>();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => void loadSampleEvents().then(setSamples), []);
  const rows = useMemo(() => {
    const q = query.toLowerCase();
    return (samples ?? []).map((event, index) => ({ event, index })).filter((r) => !q || JSON.stringify(r.event).toLowerCase().includes(q));
  }, [samples, query]);
  const toggle = (index: number) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    return next;
  });
  const chosen = () => [...selected].sort((a, b) => a - b).map((i) => samples![i]!);
  return (
    <Dialog
      title="Sample events"
      onClose={onClose}
      wide
      testId="sample-picker"
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="button" className="secondary" disabled={selected.size === 0} onClick={() => onPick(chosen(), false)}>Add selected ({selected.size})</button>
          <button type="button" className="secondary" disabled={selected.size === 0} onClick={() => onPick(chosen(), true)}>Use selected ({selected.size})</button>
          <button type="button" disabled={!samples} onClick={() => onPick(samples!, true)}>Use all {samples?.length ?? ''}</button>
        </>
      }
    >
      <input type="search" aria-label="Search sample events" placeholder="Search by type, name or any value" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
      {!samples ? <p>Loading…</p> : (
        <VirtualList
          items={rows}
          itemKey={(r) => String(r.index)}
          estimateSize={32}
          label="Sample events"
          className="picker-list"
          renderItem={(r) => (
            <label className="picker-row">
              <input type="checkbox" checked={selected.has(r.index)} onChange={() => toggle(r.index)} />
              <span>{eventLabel(r.event)}</span>
              <span className="muted">{String(r.event.userId ?? r.event.anonymousId ?? '')}</span>
            </label>
          )}
        />
      )}
    </Dialog>
  );
}
