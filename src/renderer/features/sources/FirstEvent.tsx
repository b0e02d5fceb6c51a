import { useEffect, useState } from 'react';
import { pipelineApi, type StoredEventRow } from '../../api/pipeline';
import { pageHref } from '../../hooks/routes';
import { When } from '../../components/When';

/**
 * The newest event of a source, polled each second: undefined until the first answer, null while
 * the source has none. The Sources page titles the source by it and FirstEvent shows it.
 */
export function useLatestEvent(sourceId: string | undefined): StoredEventRow | null | undefined {
  const [event, setEvent] = useState<{ sourceId: string; row: StoredEventRow | null }>();
  useEffect(() => {
    if (!sourceId) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const page = await pipelineApi.listEvents({ sourceId }, { limit: 1 });
        if (!stop) setEvent({ sourceId, row: page.events[0] ?? null });
      } catch {
        /* keep waiting: the next poll tries again */
      }
      if (!stop) timer = setTimeout(() => void poll(), 1000);
    };
    void poll();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [sourceId]);
  // An answer about the previously selected source says nothing about this one.
  return event && event.sourceId === sourceId ? event.row : undefined;
}

/** "Waiting for the first event" that turns into the newest event of the source when it arrives. */
export function FirstEvent({ sourceId, event }: { sourceId: string; event: StoredEventRow | null | undefined }) {
  if (event === undefined) return <p className="muted">Checking for events…</p>;
  if (event === null)
    return (
      <p className="waiting" data-testid="first-event-waiting" role="status">
        <span className="pulse" aria-hidden="true" /> Waiting for the first event… send one with a snippet above.
      </p>
    );
  return (
    <div data-testid="first-event" role="status">
      <p>
        <strong>Latest event:</strong> <span className="badge">{event.type}</span> {event.eventName ?? ''} · <When iso={event.receivedAt} /> ·{' '}
        <a href={pageHref('events', { sourceId })}>See all events of this source</a>
      </p>
      <pre className="json-view small-json">{JSON.stringify(event.event, null, 2)}</pre>
    </div>
  );
}
