import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type MouseEvent } from 'react';
import { eventLabel } from '../../../shared/event-label';
import type { Source, StoredEventRow } from '../../api/pipeline';
import { When } from '../../components/When';
import type { EventSelectionState } from './useEventSelection';
import type { EventsQuery } from './useEventsQuery';
import './events.css';

const ROW = 32;
const labelOf = (e: StoredEventRow) => e.eventName ?? eventLabel(e.event);
const sizeOf = (e: StoredEventRow) => {
  const bytes = JSON.stringify(e.event).length;
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
};

/** The virtual table of captured events: only visible rows are rendered and fetched. */
export function EventsTable({ query, selection, sources, openId, onOpen, onScrolled }: {
  query: EventsQuery;
  selection: EventSelectionState;
  sources: Map<string, Source>;
  openId: string | undefined;
  onOpen: (id: string) => void;
  onScrolled: (away: boolean) => void;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const total = query.total ?? 0;
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (last >= 0) query.ensure(first, last);
  }, [first, last, query]);
  const idAt = (i: number) => query.row(i)?.id;
  const check = (e: MouseEvent, row: StoredEventRow, index: number) => {
    e.stopPropagation();
    selection.toggle(row.id, index, e.shiftKey, idAt);
  };
  return (
    <div className="events-table" role="table" aria-label="Captured events" aria-rowcount={total}>
      <div className="events-row events-head" role="row">
        <span role="columnheader" className="col-check"><span className="sr-only">Selected</span></span>
        <span role="columnheader" className="col-type">Type</span>
        <span role="columnheader" className="col-name">Event / name</span>
        <span role="columnheader" className="col-user">User</span>
        <span role="columnheader" className="col-source">Source</span>
        <span role="columnheader" className="col-time">Received at</span>
        <span role="columnheader" className="col-size">Size</span>
      </div>
      <div ref={parent} className="events-scroll" data-testid="events-scroll" onScroll={(e) => onScrolled(e.currentTarget.scrollTop > ROW)}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = query.row(item.index);
            const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${item.start}px)` };
            if (!row)
              return (
                <div key={item.key} className="events-row events-loading" role="row" style={style} aria-busy="true">
                  <span className="muted">Loading…</span>
                </div>
              );
            const selected = selection.isSelected(row.id, item.index);
            return (
              <div
                key={item.key}
                role="row"
                data-testid="event-row"
                data-index={item.index}
                aria-selected={selected}
                className={`events-row ${selected ? 'row-selected' : ''} ${openId === row.id ? 'row-open' : ''}`}
                style={style}
                onClick={(e) => (e.shiftKey || e.metaKey || e.ctrlKey ? check(e, row, item.index) : onOpen(row.id))}
              >
                <span role="cell" className="col-check">
                  <input type="checkbox" aria-label={`Select event ${row.id}`} checked={selected} readOnly onClick={(e) => check(e, row, item.index)} />
                </span>
                <span role="cell" className="col-type"><span className={`badge type-${row.type}`}>{row.type}</span></span>
                <span role="cell" className="col-name" title={labelOf(row)}>{labelOf(row)}</span>
                <span role="cell" className="col-user" title={row.userId ?? row.anonymousId ?? ''}>{row.userId ?? <span className="muted">{row.anonymousId}</span>}</span>
                <span role="cell" className="col-source">{sources.get(row.sourceId)?.name ?? row.sourceId}</span>
                <span role="cell" className="col-time"><When iso={row.receivedAt} /></span>
                <span role="cell" className="col-size">{sizeOf(row)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
