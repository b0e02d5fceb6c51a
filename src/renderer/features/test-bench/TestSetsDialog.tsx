import { useState, type FormEvent } from 'react';
import type { TestEvent } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { formatWhen } from '../../lib/format-time';
import { localData, type TestSet } from '../../lib/local-data';
import { plural } from '../../lib/plural';

/** Saved test sets (kept in this browser, shared by all transformations): load, save, delete. */
export function TestSetsDialog({ current, onClose, onLoad }: { current?: TestEvent[]; onClose: () => void; onLoad: (events: TestEvent[]) => void }) {
  const data = localData();
  const [sets, setSets] = useState<TestSet[]>(() => data.testSets());
  const [name, setName] = useState('');
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!current || !name.trim()) return;
    setSets(data.saveTestSet(name.trim(), current));
    setName('');
  };
  return (
    <Dialog title="Saved test sets" onClose={onClose} testId="test-sets" actions={<button type="button" className="secondary" onClick={onClose}>Close</button>}>
      <form className="inline-form" onSubmit={save}>
        <input aria-label="Name of the new test set" placeholder="Name for the current events" value={name} onChange={(e) => setName(e.target.value)} disabled={!current} />
        <button type="submit" disabled={!current || !name.trim()}>Save current events</button>
      </form>
      {!current && <p className="muted">The current test events are not valid JSON, so they cannot be saved.</p>}
      {sets.length === 0 ? (
        <EmptyState title="No saved test sets">Save the current events under a name to reuse them in any transformation.</EmptyState>
      ) : (
        <ul className="test-sets">
          {sets.map((s) => (
            <li key={s.name}>
              <span><strong>{s.name}</strong> <span className="muted">{plural(s.events.length, 'event')} · {formatWhen(s.savedAt)}</span></span>
              <span>
                <button type="button" className="secondary" onClick={() => onLoad(s.events)}>Load</button>{' '}
                <button type="button" className="secondary danger" aria-label={`Delete test set ${s.name}`} onClick={() => setSets(data.deleteTestSet(s.name))}>Delete</button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
