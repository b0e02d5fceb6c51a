import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { pipelineApi } from '../../api/pipeline';
import type { CapturedEventDto as CapturedEvent } from '../../../shared/api/pipeline';
import { EmptyState } from '../../components/EmptyState';
import { formatWhen } from '../../lib/format-time';
import { EventPickerDialog, type PickerProps } from './EventPickerDialog';

const TYPES = ['', 'track', 'identify', 'page', 'screen', 'group', 'alias'];

/** Search events the studio captured from the event API and use them as test events. */
export function CapturedPicker({ onClose, onPick }: PickerProps) {
  const [q, setQ] = useState('');
  const [type, setType] = useState('');
  const [events, setEvents] = useState<CapturedEvent[]>([]);
  const [next, setNext] = useState<string | null>();
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable' | 'error'>('loading');
  const [error, setError] = useState<string>();

  const load = useCallback(async (cursor?: string) => {
    setState('loading');
    try {
      const page = await pipelineApi.listEvents({ q: q || undefined, type: type || undefined }, { limit: 50, cursor });
      setEvents((list) => (cursor ? [...list, ...page.events] : page.events));
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
  return (
    <EventPickerDialog
      title="Captured events"
      testId="captured-picker"
      onClose={onClose}
      onPick={onPick}
      rows={events.map((e) => ({ key: e.id, event: e.event, detail: formatWhen(e.receivedAt) }))}
      footer={
        <>
          {state === 'loading' && <p aria-busy="true">Loading…</p>}
          {next && state === 'ready' && <button type="button" className="secondary" onClick={() => void load(next)}>Load more</button>}
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
    </EventPickerDialog>
  );
}
