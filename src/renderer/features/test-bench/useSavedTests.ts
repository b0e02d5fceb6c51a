import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { TestEvent } from '../../api/types';
import type { SavedTestEvent } from '../../../shared/api/test-events';
import { formatEvents, type ParsedEvents } from './test-events';

export interface SavedTests {
  /** Events saved on the server as this transformation's tests (publish runs them); undefined while loading. */
  saved?: SavedTestEvent[];
  error?: string;
  saving: boolean;
  /** Makes the bench's events the saved tests, keeping the expected outputs of events that did not change. */
  save(): Promise<void>;
}

/**
 * The transformation's saved tests on the server. The bench's text stays the working copy (kept
 * in this browser as typed); with no local text the saved tests fill it. On the first open after
 * tests moved to the server, events kept only in this browser are saved there.
 */
export function useSavedTests(transformationId: string, localText: string | undefined, parsed: ParsedEvents, fill: (text: string) => void): SavedTests {
  const [saved, setSaved] = useState<SavedTestEvent[]>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setSaved(undefined);
    (async () => {
      const answer = await api.getTestEvents(transformationId);
      if (cancelled) return;
      if (answer.updatedAt === null && parsed.ok && localText !== undefined && parsed.events.length > 0) {
        const migrated = await api.putTestEvents(transformationId, parsed.events.map((event) => ({ event })));
        if (!cancelled) setSaved(migrated.events);
        return;
      }
      setSaved(answer.events);
      if (localText === undefined && answer.events.length > 0) fill(formatEvents(answer.events.map((e) => e.event as TestEvent)));
    })().catch((e: Error) => !cancelled && setError(`Saved tests could not be loaded: ${e.message}`));
    return () => {
      cancelled = true;
    };
    // Loads once per transformation; later typing must not reload.
  }, [transformationId]);

  const save = useCallback(async () => {
    if (!parsed.ok) return setError(`Fix the test events first: ${parsed.message}`);
    const expected = new Map((saved ?? []).filter((s) => s.expected).map((s) => [JSON.stringify(s.event), s.expected]));
    setSaving(true);
    try {
      const next = parsed.events.map((event): SavedTestEvent => {
        const kept = expected.get(JSON.stringify(event));
        return kept ? { event, expected: kept } : { event };
      });
      setSaved((await api.putTestEvents(transformationId, next)).events);
      setError(undefined);
    } catch (e) {
      setError(`Not saved: ${(e as Error).message}`);
    } finally {
      setSaving(false);
    }
  }, [parsed, saved, transformationId]);

  return { saved, error, saving, save };
}
