import { useState } from 'react';
import { api } from '../../api/client';
import { navigate } from '../../hooks/useHashRoute';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { keyLabel, matchesKey } from '../../hooks/keymap';
import './compare-live.css';

/**
 * Editor entry point: runs the last N captured events through the published version (A) and the
 * code in the editor (B, unsaved drafts included) and opens the run. Without a published
 * version it replays the draft alone.
 */
export function CompareWithLive({ transformationId, code, published }: { transformationId: string; code: string; published: boolean }) {
  const [count, setCount] = useState(100);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const draft = { kind: 'draft' as const, transformationId, code };
      const run = await api.createReplayRun({
        source: { kind: 'filter', filter: {}, limit: count },
        ...(published ? { target: { kind: 'published', transformationId }, compareWith: draft } : { target: draft }),
      });
      navigate(`#/replay/${encodeURIComponent(run.id)}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  usePaletteAction({
    id: 'compare-live',
    label: published ? 'Compare with live (replay the last captured events through both)' : 'Replay the draft over the last captured events',
    shortcut: keyLabel('compare-live'),
    matches: (e) => matchesKey('compare-live', e),
    run: () => void start(),
  });
  return (
    <span className="compare-live">
      <button type="button" className="secondary" onClick={() => void start()} disabled={busy}>
        {published ? 'Compare with live' : 'Replay the draft'}
      </button>{' '}
      <label>
        last <input type="number" aria-label="Captured events to replay" min={1} max={100000} value={count} onChange={(e) => setCount(Math.max(1, Number(e.target.value) || 1))} /> events
      </label>
      {error && (
        <span role="alert" className="error">
          {error}
        </span>
      )}
    </span>
  );
}
