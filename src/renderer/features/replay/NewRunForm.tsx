import { useEffect, useState, type FormEvent } from 'react';
import type { ReplaySource, ReplayTarget } from '../../../shared/api/replay';
import { api, type VersionOrder } from '../../api/client';
import type { TransformationVersion } from '../../api/types';
import { navigate } from '../../hooks/useHashRoute';
import { useWorkspace } from '../workspace/useWorkspace';

/** Where the events page sends a selection or a filter: `#/replay?ids=1,2,3` or `#/replay?event=X&type=track`. */
export function replayHref(selection: { ids?: string[]; filter?: Record<string, string> }): string {
  const params = new URLSearchParams(selection.ids ? { ids: selection.ids.join(',') } : (selection.filter ?? {}));
  return `#/replay?${params.toString()}`;
}

const FILTER_KEYS = ['type', 'event', 'userId', 'anonymousId', 'user', 'sourceId', 'messageId', 'from', 'to', 'q'] as const;

function sourceFrom(query: string, limit: number): { source: ReplaySource; label: string } {
  const params = new URLSearchParams(query);
  const ids = params.get('ids');
  if (ids) {
    const list = ids.split(',').filter(Boolean);
    return { source: { kind: 'events', ids: list }, label: `${list.length} selected events` };
  }
  const filter = Object.fromEntries(FILTER_KEYS.filter((k) => params.get(k)).map((k) => [k, params.get(k)!]));
  const described = Object.entries(filter).map(([k, v]) => `${k}=${v}`).join(', ');
  return { source: { kind: 'filter', filter, limit }, label: `the last ${limit} captured events${described ? ` matching ${described}` : ''}` };
}

/** Start a replay (one target) or a compare (two) of a selection or filter of captured events. */
export function NewRunForm({ query }: { query: string }) {
  const { transformations } = useWorkspace();
  const [transformationId, setTransformationId] = useState('');
  const [versions, setVersions] = useState<TransformationVersion[]>([]);
  const [a, setA] = useState('published');
  const [b, setB] = useState('');
  const [limit, setLimit] = useState(1000);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { source, label } = sourceFrom(query, limit);

  useEffect(() => {
    if (!transformationId) return setVersions([]);
    const order: VersionOrder = 'DESC';
    api.transformations.versions(transformationId, 100, order).then((r) => setVersions(r.TransformationVersions), (e: Error) => setError(e.message));
  }, [transformationId]);

  const target = (value: string): ReplayTarget => (value === 'published' ? { kind: 'published', transformationId } : { kind: 'version', versionId: value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const run = await api.createReplayRun({ source, target: target(a), ...(b ? { compareWith: target(b) } : {}) });
      navigate(`#/replay/${encodeURIComponent(run.id)}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const versionOptions = versions.map((v, i) => (
    <option key={v.versionId} value={v.versionId}>
      v{versions.length - i} · {new Date(v.createdAt).toLocaleString()}{v.isPublished ? ' (published)' : i === 0 ? ' (latest draft)' : ''}
    </option>
  ));
  return (
    <form className="new-run panel" onSubmit={(e) => void submit(e)} aria-label="New replay run">
      <h2>New run</h2>
      <p className="muted">Events: {label}</p>
      {!new URLSearchParams(query).get('ids') && (
        <label>
          How many (newest first) <input type="number" min={1} max={1000000} value={limit} onChange={(e) => setLimit(Math.max(1, Number(e.target.value) || 1))} />
        </label>
      )}
      <label>
        Transformation
        <select value={transformationId} onChange={(e) => setTransformationId(e.target.value)} required>
          <option value="">Pick one…</option>
          {transformations?.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </select>
      </label>
      <label>
        Run through (A)
        <select value={a} onChange={(e) => setA(e.target.value)}>
          <option value="published">The published version</option>
          {versionOptions}
        </select>
      </label>
      <label>
        Compare with (B, optional)
        <select value={b} onChange={(e) => setB(e.target.value)}>
          <option value="">No compare</option>
          <option value="published">The published version</option>
          {versionOptions}
        </select>
      </label>
      {error && <p role="alert" className="error">{error}</p>}
      <button type="submit" disabled={busy || !transformationId}>{b ? 'Start compare' : 'Start replay'}</button>
    </form>
  );
}
