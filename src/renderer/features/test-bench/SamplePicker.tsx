import { useEffect, useMemo, useState } from 'react';
import type { TestEvent } from '../../api/types';
import { EventPickerDialog, type PickerProps } from './EventPickerDialog';
import { loadSampleEvents } from './sample-events';

export type { PickerProps };

/** Choose events from the bundled sample set (search by type, name or any value). */
export function SamplePicker({ onClose, onPick }: PickerProps) {
  const [samples, setSamples] = useState<TestEvent[]>();
  const [query, setQuery] = useState('');
  useEffect(() => void loadSampleEvents().then(setSamples), []);
  const rows = useMemo(() => {
    const q = query.toLowerCase();
    return (samples ?? [])
      .map((event, index) => ({ key: String(index), event, detail: String(event.userId ?? event.anonymousId ?? '') }))
      .filter((r) => !q || JSON.stringify(r.event).toLowerCase().includes(q));
  }, [samples, query]);
  return (
    <EventPickerDialog
      title="Sample events"
      testId="sample-picker"
      onClose={onClose}
      onPick={onPick}
      rows={samples && rows}
      extraAction={<button type="button" disabled={!samples} onClick={() => onPick(samples!, true)}>Use all {samples?.length ?? ''}</button>}
    >
      <input type="search" aria-label="Search sample events" placeholder="Search by type, name or any value" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
      {!samples && <p>Loading…</p>}
    </EventPickerDialog>
  );
}
