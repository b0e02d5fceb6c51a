import { useMemo, useState } from 'react';
import { publishState, type Artifact } from '../../api/artifacts';
import { EmptyState } from '../../components/EmptyState';
import { pinText, useLibraryPins } from '../../hooks/useLibraryPins';
import { PublishBadge } from '../../components/PublishBadge';
import { VirtualList } from '../../components/VirtualList';
import { hrefFor, type Kind } from '../../hooks/routes';
import { useDraftsChanged } from '../../hooks/useDraftsChanged';
import { formatWhen } from '../../lib/format-time';
import { localData } from '../../lib/local-data';
import { filterAndSort, SORT_LABELS, type SortOrder } from './list-filter';
import './workspace.css';

export interface ArtifactListProps {
  kind: Kind;
  items?: Artifact[];
  selectedId?: string;
  onCreate: () => void;
}

const NOUN = { transformation: ['Transformations', 'transformation'], library: ['Libraries', 'library'] } as const;

/** Sidebar list of transformations or libraries: search, sort, badges, virtualised. */
export function ArtifactList({ kind, items, selectedId, onCreate }: ArtifactListProps) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOrder>('name');
  const shown = useMemo(() => filterAndSort(items ?? [], query, sort), [items, query, sort]);
  const [plural, singular] = NOUN[kind];
  useDraftsChanged();
  const data = localData();
  const pins = useLibraryPins(kind === 'library' ? items?.length : null);
  return (
    <aside className="artifact-list" aria-label={plural}>
      <div className="artifact-list-head">
        <h2>{plural}</h2>
        <button type="button" onClick={onCreate} aria-label={`New ${singular}`} title={`New ${singular}`}>+ New</button>
      </div>
      <div className="artifact-list-tools">
        <input type="search" placeholder="Search" aria-label={`Search ${plural.toLowerCase()}`} value={query} onChange={(e) => setQuery(e.target.value)} />
        <select aria-label="Sort by" value={sort} onChange={(e) => setSort(e.target.value as SortOrder)}>
          {Object.entries(SORT_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </div>
      {items === undefined && <p className="muted pad">Loading…</p>}
      {items?.length === 0 && (
        <EmptyState title={`No ${plural.toLowerCase()} yet`}>
          {kind === 'transformation'
            ? 'Create one from a template: filter events, mask PII, split events and more.'
            : 'A library holds functions that transformations import by its import name.'}
        </EmptyState>
      )}
      {items && items.length > 0 && shown.length === 0 && <p className="muted pad">Nothing matches “{query}”.</p>}
      {shown.length > 0 && (
        <VirtualList
          items={shown}
          label={`${plural} list`}
          itemKey={(item) => item.id}
          estimateSize={58}
          testId={`${kind}-list`}
          renderItem={(item) => (
            <a
              href={hrefFor(kind, item.id)}
              className={`artifact-row ${item.id === selectedId ? 'selected' : ''}`}
              aria-current={item.id === selectedId ? 'page' : undefined}
            >
              <span className="artifact-row-name">{item.name}</span>
              <span className="artifact-row-meta">
                <PublishBadge state={publishState(item)} draft={data.hasDraft(kind, item.id)} pinnedBy={kind === 'library' ? pins?.get(item.id)?.map(pinText) : undefined} />
                {item.importName && <code className="muted">{item.importName}</code>}
                <span className="muted">{formatWhen(item.updatedAt)}</span>
              </span>
            </a>
          )}
        />
      )}
    </aside>
  );
}
