import { useEffect, useMemo, useState } from 'react';
import type { ArtifactVersion } from '../../api/artifacts';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { VirtualList } from '../../components/VirtualList';
import { formatWhen } from '../../lib/format-time';
import { TestStatusMark } from './TestStatusMark';
import './versions.css';

export interface VersionsPanelProps {
  versions?: ArtifactVersion[];
  error?: string;
  onRetry: () => void;
  onView: (version: ArtifactVersion) => void;
  onCompare: (older: ArtifactVersion, newer: ArtifactVersion) => void;
  onRestore: (version: ArtifactVersion) => void;
  onPublish: (version: ArtifactVersion) => void;
  publishing: boolean;
  /** Runs a version's tests again, a transformation's or a library's (its status is recorded by the core and pushed back). */
  onRunTests: (version: ArtifactVersion) => void;
}

/** History (newest first): "v5 · message", author · time · tests, published mark, view, diff, restore, publish. */
export function VersionsPanel({ versions, error, onRetry, onView, onCompare, onRestore, onPublish, publishing, onRunTests }: VersionsPanelProps) {
  const newestFirst = useMemo(() => [...(versions ?? [])].reverse(), [versions]);
  const [left, setLeft] = useState<string>();
  const [right, setRight] = useState<string>();
  const [query, setQuery] = useState('');
  useEffect(() => {
    setRight(newestFirst[0]?.versionId);
    setLeft(newestFirst[1]?.versionId ?? newestFirst[0]?.versionId);
  }, [newestFirst]);
  if (error) return <ErrorNotice message={error} onRetry={onRetry} />;
  if (!versions) return <p className="muted pad">Loading versions…</p>;
  if (versions.length === 0) return <EmptyState title="No versions yet">Every save creates a version.</EmptyState>;
  const latestId = newestFirst[0]!.versionId;
  const byId = (id?: string) => versions.find((v) => v.versionId === id);
  // Short first (a select shows the start of its choice): "v3 · message · published · when".
  const label = (v: ArtifactVersion) => `v${v.number}${v.message ? ` · ${v.message.slice(0, 40)}` : ''}${v.published ? ' · published' : ''} · ${formatWhen(v.createdAt)}`;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = newestFirst.filter((v) => {
    const text = `version ${v.number} v${v.number} ${v.message ?? ''} ${v.createdBy ?? ''} ${v.testStatus ?? ''} ${formatWhen(v.createdAt)} ${v.published ? 'published' : ''} ${v.code}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const compare = () => {
    const a = byId(left);
    const b = byId(right);
    if (a && b) onCompare(a.number <= b.number ? a : b, a.number <= b.number ? b : a);
  };
  return (
    <section className="versions-panel" aria-label="Versions">
      <form className="compare-form" onSubmit={(e) => { e.preventDefault(); compare(); }}>
        <label>Compare<select aria-label="Older version" title={byId(left) && label(byId(left)!)} value={left} onChange={(e) => setLeft(e.target.value)}>
          {newestFirst.map((v) => <option key={v.versionId} value={v.versionId}>{label(v)}</option>)}
        </select></label>
        <label>with<select aria-label="Newer version" title={byId(right) && label(byId(right)!)} value={right} onChange={(e) => setRight(e.target.value)}>
          {newestFirst.map((v) => <option key={v.versionId} value={v.versionId}>{label(v)}</option>)}
        </select></label>
        <button type="submit" disabled={versions.length < 2 || left === right}>Show diff</button>
      </form>
      <input type="search" className="list-search" aria-label="Search versions" placeholder="Search versions" title="Number, message, author, date or code" value={query} onChange={(e) => setQuery(e.target.value)} />
      {shown.length === 0 && <p className="muted">No version matches “{query}”.</p>}
      <VirtualList
        items={shown}
        itemKey={(v) => v.versionId}
        estimateSize={76}
        label="Version history"
        className="versions-list"
        testId="versions-list"
        renderItem={(v) => {
          const previous = versions[v.number - 2];
          return (
            <article className="version-row" data-testid="version-row" aria-label={`Version ${v.number}`}>
              <div className="version-title">
                {v.versionId === latestId && <span className="badge">Latest</span>}
                {v.published && <span className="badge badge-published">Published</span>}
                <strong>v{v.number}</strong>
                <span className="muted">{' · '}</span>
                <span className={v.message ? 'version-message-text' : 'version-message-text muted'} data-testid="version-message">
                  {v.message ?? 'no message'}
                </span>
                <span className="muted version-meta" data-testid="version-meta">
                  {[v.createdBy, formatWhen(v.createdAt)].filter(Boolean).map((part) => ` · ${part}`).join('')}
                  {v.testStatus && <> · <TestStatusMark version={v} /></>}
                </span>
              </div>
              {v.testStatus === 'out-of-date' && (
                <p className="test-reasons" data-testid="test-reasons">
                  Out of date: {(v.testReasons ?? []).join('; ')}{v.testRerunning ? ' — running them again…' : ''}
                </p>
              )}
              <div className="version-actions">
                <button type="button" className="link" onClick={() => onView(v)}>View</button>
                {previous && <button type="button" className="link" onClick={() => onCompare(previous, v)}>Diff with version {previous.number}</button>}
                <button type="button" className="link" onClick={() => onRestore(v)} aria-label={`Restore version ${v.number}`}>Restore</button>
                {v.testStatus === 'out-of-date' && !v.testRerunning && (
                  <button type="button" className="link" onClick={() => onRunTests(v)} aria-label={`Run the tests of version ${v.number} again`}>Run tests again</button>
                )}
                {!v.published && (
                  <button type="button" className="link" onClick={() => onPublish(v)} disabled={publishing} aria-label={`Publish version ${v.number}`}>Publish</button>
                )}
              </div>
            </article>
          );
        }}
      />
    </section>
  );
}
