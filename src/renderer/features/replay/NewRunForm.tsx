import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ReplaySource, ReplayTarget } from '../../../shared/api/replay';
import { api } from '../../api/client';
import { pipelineApi } from '../../api/pipeline';
import type { StudioTransformationVersion } from '../../../shared/api/versions';
import { navigate } from '../../hooks/useHashRoute';
import { useWorkspace } from '../workspace';
import { describeFilter } from '../../../shared/filter-description';
import { AlertText } from '../../components/AlertText';
import { formatWhen } from '../../lib/format-time';
import { plural } from '../../lib/plural';

/** Where the events page sends a selection or a filter: `#/replay?ids=1,2,3` or `#/replay?event=X&type=track`. */
export function replayHref(selection: { ids?: string[]; filter?: Record<string, string> }): string {
  const params = new URLSearchParams(selection.ids ? { ids: selection.ids.join(',') } : (selection.filter ?? {}));
  return `#/replay?${params.toString()}`;
}

const FILTER_KEYS = ['type', 'event', 'userId', 'anonymousId', 'user', 'sourceId', 'messageId', 'from', 'to', 'q'] as const;

type Selection = { kind: 'events'; ids: string[] } | { kind: 'filter'; filter: Record<string, string>; matching: string };

function selectionFrom(query: string): Selection {
  const params = new URLSearchParams(query);
  const ids = params.get('ids');
  if (ids) return { kind: 'events', ids: ids.split(',').filter(Boolean) };
  const filter = Object.fromEntries(FILTER_KEYS.filter((k) => params.get(k)).map((k) => [k, params.get(k)!]));
  const described = describeFilter(filter);
  return { kind: 'filter', filter, matching: described ? ` matching ${described}` : '' };
}

/** What a run of `selection` will really go through, given how many captured events match (undefined: not counted yet). */
export function eventsLabel(selection: Selection, limit: number, matching: number | undefined): string {
  if (selection.kind === 'events') return plural(selection.ids.length, 'selected event');
  const where = selection.matching;
  if (matching === undefined) return `the last ${limit.toLocaleString()} captured events${where} (counting…)`;
  if (matching === 0) return `no captured events${where} yet`;
  if (matching === 1) return `the one captured event${where}`;
  if (matching <= limit) return `all ${matching.toLocaleString()} captured events${where}`;
  return `the last ${limit.toLocaleString()} of ${matching.toLocaleString()} captured events${where}`;
}

/** The API names the field at fault (`target: …`); the form names its own fields instead. */
const formMessage = (message: string) => message.replace(/^target: /, 'Run through (A): ').replace(/^compareWith: /, 'Compare with (B): ');

/** Start a replay (one target) or a compare (two) of a selection or filter of captured events. */
export function NewRunForm({ query }: { query: string }) {
  const { transformations } = useWorkspace();
  const [transformationId, setTransformationId] = useState('');
  const [versions, setVersions] = useState<{ of: string; list: StudioTransformationVersion[] }>({ of: '', list: [] });
  const [a, setA] = useState('published');
  const [b, setB] = useState('');
  const [limit, setLimit] = useState(1000);
  const [matching, setMatching] = useState<number>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const selection = useMemo(() => selectionFrom(query), [query]);
  const source: ReplaySource = selection.kind === 'events' ? { kind: 'events', ids: selection.ids } : { kind: 'filter', filter: selection.filter, limit };
  const label = eventsLabel(selection, limit, matching);

  // How many captured events the filter matches (the events page's count), so the form says what will run.
  const filterKey = selection.kind === 'filter' ? JSON.stringify(selection.filter) : '';
  useEffect(() => {
    if (selection.kind !== 'filter') return;
    let stale = false;
    setMatching(undefined);
    pipelineApi.countEvents(selection.filter).then(
      (counts) => !stale && setMatching(counts.total),
      () => undefined, // the label then stays the upper bound
    );
    return () => {
      stale = true;
    };
  }, [filterKey]);

  useEffect(() => {
    if (!transformationId) return setVersions({ of: '', list: [] });
    let stale = false;
    // The studio's listing (newest first): with each version's number and message.
    api.transformations.studioVersions(transformationId).then(
      (r) => !stale && setVersions({ of: transformationId, list: r.versions }),
      (e: Error) => setError(e.message),
    );
    return () => {
      stale = true;
    };
  }, [transformationId]);

  const chosen = transformations?.find((t) => t.id === transformationId);
  const loaded = versions.of === transformationId && transformationId !== '';
  const list = loaded ? versions.list : [];
  // Published when the list says so or one of its versions is marked published (the list may be older than this form).
  const published = Boolean(chosen?.publishedVersionId) || list.some((v) => v.isPublished);
  const unpublishedNote = !transformationId || published ? '' : loaded ? ' (not published yet)' : ' (…)';

  // A transformation without a published version runs its latest version by default.
  useEffect(() => {
    if (!loaded) return;
    const fallback = published ? 'published' : (list[0]?.versionId ?? '');
    const known = (value: string) => (value === 'published' ? published : list.some((v) => v.versionId === value));
    setA((current) => (current && known(current) ? current : fallback));
    setB((current) => (current && !known(current) ? '' : current));
  }, [loaded, published, versions]);

  const pick = (id: string) => {
    setError(undefined);
    setTransformationId(id);
    const next = transformations?.find((t) => t.id === id);
    setA(next?.publishedVersionId === null ? '' : 'published');
    setB('');
  };

  const target = (value: string): ReplayTarget => (value === 'published' ? { kind: 'published', transformationId } : { kind: 'version', versionId: value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const run = await api.createReplayRun({ source, target: target(a), ...(b ? { compareWith: target(b) } : {}) });
      navigate(`#/replay/${encodeURIComponent(run.id)}`);
    } catch (e) {
      setError(formMessage((e as Error).message));
    } finally {
      setBusy(false);
    }
  };
  const versionOptions = list.map((v, i) => (
    <option key={v.versionId} value={v.versionId}>
      v{v.number}{v.message ? ` · ${v.message.length > 40 ? `${v.message.slice(0, 39)}…` : v.message}` : ''} · {formatWhen(v.createdAt)}{v.isPublished ? ' (published)' : i === 0 ? ' (latest draft)' : ''}
    </option>
  ));
  const publishedOption = <option value="published" disabled={!published && transformationId !== ''}>The published version{unpublishedNote}</option>;
  const ready = transformationId !== '' && a !== '' && (a !== 'published' || published) && (b !== 'published' || published) && matching !== 0;
  return (
    <form className="new-run panel" onSubmit={(e) => void submit(e)} aria-label="New replay run">
      <h2>New run</h2>
      <p className="muted">Events: {label}</p>
      {selection.kind === 'filter' && (
        <label>
          How many (newest first) <input type="number" min={1} max={1000000} value={limit} onChange={(e) => setLimit(Math.max(1, Number(e.target.value) || 1))} />
        </label>
      )}
      <label>
        Transformation
        <select value={transformationId} onChange={(e) => pick(e.target.value)} required>
          <option value="">Pick one…</option>
          {transformations?.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </select>
      </label>
      <label>
        Run through (A)
        <select value={a} onChange={(e) => setA(e.target.value)}>
          {a === '' && <option value="">{loaded ? 'No versions' : 'Loading versions…'}</option>}
          {publishedOption}
          {versionOptions}
        </select>
      </label>
      {unpublishedNote === ' (not published yet)' && (
        <p className="muted form-hint" data-testid="unpublished-hint">
          {chosen?.name ?? 'This transformation'} is not published yet, so there is no published version to run; pick one of its versions.
        </p>
      )}
      <label>
        Compare with (B, optional)
        <select value={b} onChange={(e) => setB(e.target.value)}>
          <option value="">No compare</option>
          {publishedOption}
          {versionOptions}
        </select>
      </label>
      <AlertText error={error} />
      <button type="submit" disabled={busy || !ready}>{b ? 'Start compare' : 'Start replay'}</button>
    </form>
  );
}
