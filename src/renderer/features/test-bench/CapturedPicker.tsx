import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { pipelineApi } from '../../api/pipeline';
import type { CapturedEventDto as CapturedEvent } from '../../../shared/api/pipeline';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { VirtualList } from '../../components/VirtualList';
import { formatWhen } from '../../lib/format-time';
import type { PickerProps } from './SamplePicker';
import { eventLabel } from './sample-events';

const TYPES = ['', 'track', 'identify', 'page', 'screen', 'group', 'alias'];

/** Search events the studio captured from the event API and use them as test events. */
export function CapturedPicker({ onClose, onPick }: PickerProps) {
  const [q, setQ] = useState('');
  const [type, setType] = useState('');
  const [events, setEvents] = useState<CapturedEvent[]>([]);
  const [next, setNext] = useState<string | null>();
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable' | 'error'>('loading');
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const load = useCallback(async (cursor?: string) => {
    setState('loading');
    try {
      const page = await pipelineApi.listEvents({ q: q || undefined, type: type || undefined }, { limit: 50, cursor });
      setEvents((list) => (cursor ? [...list, ...page.events] : page.events));
      if (!cursor) setSelected(new Set());
      setNext(page.next ?? null);
      setState('ready');
    } catch (e) {
      if (e instanceof ApiError && e.status === 404 && /no such endpoint/i.test(e.message)) setState('unavailable');
      else {
        setError((e as Error).message);
        setState('error');
      }
    }
  }, [q, type]);
  // Loads the first page once; later searches are explicit.
  useEffect(() => void load(), []);
  const search = (event: FormEvent) => {
    event.preventDefault();
    void load();
  };
  const toggle = (index: number) => setSelected((s) => {
    const n = new Set(s);
    if (n.has(index)) n.delete(index);
    else n.add(index);
    return n;
  });
  const chosen = () => [...selected].sort((a, b) => a - b).map((i) => events[i]!.event);
  return (
    <Dialog
      title="Captured events"
      onClose={onClose}
      wide
      testId="captured-picker"
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="button" className="secondary" disabled={selected.size === 0} onClick={() => onPick(chosen(), false)}>Add selected ({selected.size})</button>
          <button type="button" disabled={selected.size === 0} onClick={() => onPick(chosen(), true)}>Use selected ({selected.size})</button>
        </>
      }
    >
      <form className="inline-form" onSubmit={search} role="search">
        <input type="search" aria-label="Search captured events" placeholder="Search (user id, event name, any text)" value={q} onChange={(e) => setQ(e.target.value)} />
        <select aria-label="Event type" value={type} onChange={(e) => setType(e.target.value)}>
          {TYPES.map((t) => <option key={t} value={t}>{t || 'Any type'}</option>)}
        </select>
        <button type="submit">Search</button>
      </form>
      {state === 'unavailable' && <EmptyState title="Captured events are not available">This studio server does not offer captured events yet. Use sample events or paste your own.</EmptyState>}
      {state === 'error' && <p role="alert" className="error">Could not load captured events: {error}</p>}
      {state !== 'unavailable' && events.length === 0 && state === 'ready' && (
        <EmptyState title={q || type ? 'No captured event matches' : 'No captured events yet'}>
          {q || type ? 'Try other words or any type.' : 'Send events to the event API (/v1/track, /v1/batch …) with a source’s write key; every accepted event appears here.'}
        </EmptyState>
      )}
      {events.length > 0 && (
        <VirtualList
          items={events.map((e, index) => ({ e, index }))}
          itemKey={(r) => String(r.e.id ?? r.index)}
          estimateSize={32}
          label="Captured events"
          className="picker-list"
          renderItem={(r) => (
            <label className="picker-row">
              <input type="checkbox" checked={selected.has(r.index)} onChange={() => toggle(r.index)} />
              <span>{eventLabel(r.e.event)}</span>
              <span className="muted">{formatWhen(r.e.receivedAt)}</span>
            </label>
          )}
        />
      )}
      {state === 'loading' && <p aria-busy="true">Loading…</p>}
      {next && state === 'ready' && <button type="button" className="secondary" onClick={() => void load(next)}>Load more</button>}
    </Dialog>
  );
}
