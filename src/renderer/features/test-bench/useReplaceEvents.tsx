import { useEffect, useState, type ReactNode } from 'react';
import { UndoNotice } from '../../components/UndoNotice';
import { formatEvents } from './test-events';
import type { TestBenchState } from './useTestBench';

/**
 * The bench's events replaced from elsewhere (a replay run's event or a delivery sent to the
 * debugger, a profile's slow event opened in the bench), with undo: the events the user had come
 * back with one click until the events are edited again or the notice is closed. Nothing typed in
 * the bench is lost without a way back.
 */
export function useReplaceEvents(bench: Pick<TestBenchState, 'eventsText' | 'setEventsText'>): { replace(events: unknown[], label: string): void; notice: ReactNode } {
  const [undo, setUndo] = useState<{ before: string; after: string; label: string }>();
  // An edit after the replacement ends the offer: undo would throw that edit away.
  useEffect(() => {
    if (undo && bench.eventsText !== undo.after) setUndo(undefined);
  }, [bench.eventsText, undo]);
  const replace = (events: unknown[], label: string) => {
    const before = bench.eventsText;
    const after = formatEvents(events);
    bench.setEventsText(after);
    const hadEvents = before.trim() !== '' && before.replace(/\s/g, '') !== '[]';
    setUndo(hadEvents && before !== after ? { before, after, label } : undefined);
  };
  const notice = undo && (
    <UndoNotice
      testId="events-replaced-notice"
      onUndo={() => {
        bench.setEventsText(undo.before);
        setUndo(undefined);
      }}
      onDismiss={() => setUndo(undefined)}
    >
      The test events were replaced by {undo.label}.
    </UndoNotice>
  );
  return { replace, notice };
}
