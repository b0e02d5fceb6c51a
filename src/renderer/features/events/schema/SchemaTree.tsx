import { useMemo, useState } from 'react';
import type { SchemaEvent } from '../../../../shared/api/schema';
import { VirtualList } from '../../../components/VirtualList';
import { pageHref } from '../../../hooks/routes';
import { formatShare, formatTypes, shownSamples } from '../../../lib/schema-format';
import { eventsWithPath, treeRows, type TreeRow } from './schema-tree';

function PathRow({ row, event, revealed, onReveal }: { row: TreeRow; event: SchemaEvent; revealed: boolean; onReveal: () => void }) {
  const p = row.path;
  const link = eventsWithPath(event.type, event.name, p.path);
  const samples = shownSamples(p.samples, p.pii, revealed);
  return (
    <div className={`schema-row ${p.conflict ? 'schema-conflict' : ''} ${p.isNew ? 'schema-new' : ''}`} data-path={p.path} title={p.path}>
      <span className="schema-name" style={{ paddingLeft: `${row.depth * 1.1}rem` }}>
        <code>{row.label}</code>
        {p.conflict && <span className="badge badge-error" title="Seen with several types">conflict</span>}
        {p.isNew && <span className="badge badge-new" title={`First seen ${p.firstSeen}; the event was seen before`}>new</span>}
      </span>
      <span className="schema-types" data-testid="path-types" title={formatTypes(p.types)}>{formatTypes(p.types)}</span>
      <span className="schema-share" data-testid="path-share" title={`${p.count.toLocaleString()} of ${event.count.toLocaleString()} events`}>
        <span className="share-bar"><span style={{ width: `${Math.max(2, p.share * 100)}%` }} /></span>
        {formatShare(p.share)}
      </span>
      <span className="schema-samples" data-testid="path-samples">
        {samples.map((s, i) => <code key={i}>{s}</code>)}
        {p.pii && p.samples.length > 0 && (
          <button type="button" className="link" onClick={onReveal} aria-label={`${revealed ? 'Mask' : 'Show'} samples of ${p.path}`}>{revealed ? 'mask' : 'show'}</button>
        )}
      </span>
      {link ? <a className="schema-link" href={pageHref('events', link)} title={`Events that have ${p.path}`}>events</a> : <span />}
    </div>
  );
}

/** The paths of one event as a tree: types, share, samples; conflicts and new paths marked. */
export function SchemaTree({ event, search }: { event: SchemaEvent; search: string }) {
  const rows = useMemo(() => treeRows(event.paths, search), [event.paths, search]);
  const [revealed, setRevealed] = useState<Set<string>>(new Set());
  const toggle = (path: string) => setRevealed((old) => {
    const next = new Set(old);
    if (!next.delete(path)) next.add(path);
    return next;
  });
  if (rows.length === 0) return <p className="muted pad">No path matches “{search}”.</p>;
  return (
    <div className="schema-tree">
      <div className="schema-row schema-header" aria-hidden="true">
        <span>Path</span><span>Types</span><span>Share</span><span>Samples</span><span />
      </div>
      <VirtualList items={rows} itemKey={(r) => r.path.path} estimateSize={30} label={`Paths of ${event.name || event.type}`} testId="schema-paths"
        renderItem={(row) => <PathRow row={row} event={event} revealed={revealed.has(row.path.path)} onReveal={() => toggle(row.path.path)} />} />
    </div>
  );
}
