import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { Transformation } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { MAX_SAVED_TEST_EVENTS } from '../../../shared/api/test-events';
import { plural } from '../../lib/plural';

/**
 * Adds chosen events to a transformation's saved tests: appended by default; replacing the saved
 * tests is a separate choice that says what goes. `load` gives the events (a selection, a filter,
 * one event's detail, a replay's rows).
 */
export function AddAsTestsDialog({ label, load, onClose, onDone, defaultTransformationId }: { label: string; load: () => Promise<Record<string, unknown>[]>; onClose: () => void; onDone: (message: string) => void; defaultTransformationId?: string }) {
  const [transformations, setTransformations] = useState<Transformation[]>();
  // Untouched, the default (or the first transformation): each may arrive after the dialog opened.
  const [picked, setTarget] = useState<string>();
  const target = picked ?? defaultTransformationId ?? transformations?.[0]?.id ?? '';
  const [savedCount, setSavedCount] = useState<number>();
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.transformations.list().then((answer) => setTransformations(answer.transformations), (e: Error) => setError(e.message));
  }, []);
  useEffect(() => {
    setSavedCount(undefined);
    if (target) api.getTestEvents(target).then((s) => setSavedCount(s.events.length), () => setSavedCount(undefined));
  }, [target]);
  const name = transformations?.find((t) => t.id === target)?.name ?? '';
  const add = async () => {
    setBusy(true);
    try {
      const events = await load();
      if (events.length > MAX_SAVED_TEST_EVENTS) throw new Error(`${events.length} events: a transformation keeps at most ${MAX_SAVED_TEST_EVENTS} tests; narrow the selection`);
      const tests = events.map((event) => ({ event }));
      const saved = replace ? await api.putTestEvents(target, tests) : await api.appendTestEvents(target, tests);
      onDone(`${replace ? 'Replaced the saved tests of' : `Added ${events.length} test${events.length === 1 ? '' : 's'} to`} “${name}” (${saved.events.length} saved now); saving and publishing run them.`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const savedTests = savedCount === undefined ? '… saved tests' : plural(savedCount, 'saved test');
  return (
    <Dialog
      title={`Add ${label} as tests`}
      onClose={onClose}
      testId="add-as-tests"
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="button" className={replace ? 'danger' : ''} disabled={!target || busy} onClick={() => void add()}>
            {busy ? 'Adding…' : replace ? 'Replace the saved tests' : 'Add as tests'}
          </button>
        </>
      }
    >
      <label className="field">
        Transformation
        <select value={target} onChange={(e) => setTarget(e.target.value)}>
          {(transformations ?? []).map((t) => (
            <option key={t.id} value={t.id}>{t.name}</option>
          ))}
        </select>
      </label>
      <p className="muted small" data-testid="add-as-tests-mode">
        {replace
          ? `The ${savedTests} of “${name}” (with their expected outputs) are replaced by ${label}.`
          : `${label[0]!.toUpperCase()}${label.slice(1)} are added after the ${savedTests} of “${name}”; nothing saved is replaced.`}
      </p>
      <label>
        <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Replace the saved tests instead of adding to them
      </label>
      {error && <p className="error" role="alert">{error}</p>}
    </Dialog>
  );
}
