import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { TestEvent } from '../../api/types';
import type { FieldCheck, SavedTestEvent, TestsRun } from '../../../shared/api/test-events';
import { formatEvents, type ParsedEvents } from './test-events';

export interface SavedTests {
  /** Events saved on the server as this transformation's tests (publish runs them); undefined while loading. */
  saved?: SavedTestEvent[];
  error?: string;
  saving: boolean;
  /** What the last save did ("Added 2 tests; 1 was saved already"). */
  note?: string;
  /** Adds the bench's events that are not saved tests yet (nothing saved is replaced). */
  save(): Promise<void>;
  /** How many of the bench's events save() would add, and how many are saved already (undefined: the events do not parse). */
  toAdd(): { added: number; already: number } | undefined;
  /** Takes back the last save() (until another change of the saved tests); undefined: nothing to undo. */
  undoAdd?: () => Promise<void>;
  /** Makes the bench's events the saved tests, keeping the expectations of events that did not change; with saved tests, it first asks (`asking`). */
  replace(): Promise<void>;
  /** The question replace() asks before replacing saved tests (shown in the app's dialog); undefined: none pending. */
  asking?: string;
  /** Answers the question: replace (true) or leave the saved tests (false). */
  answer(replace: boolean): Promise<void>;
  /** The expected outputs of an event's saved test (undefined: none). */
  expectedOf(event: unknown): unknown[] | undefined;
  /** Sets (or clears) an event's expected outputs; the event becomes a saved test when it is not one. */
  setExpected(event: TestEvent, expected: unknown[] | undefined): Promise<void>;
  /** An event's saved test (undefined: the event is not a saved test). */
  testOf(event: unknown): SavedTestEvent | undefined;
  /** An event's position among the saved tests (1-based: "saved test event N" in errors); undefined: not one. */
  positionOf(event: unknown): number | undefined;
  /** Sets an event's field checks ([]: none, so only "must not throw" unless outputs are expected); the event becomes a saved test when it is not one. */
  setChecks(event: TestEvent, checks: FieldCheck[]): Promise<void>;
  /** Makes the event a saved test with no expected outputs or checks: it passes when the code does not throw. */
  mustNotThrow(event: TestEvent): Promise<void>;
  /** The saved tests on this code, by the server's runner: what saving it would record, what publish requires. */
  run(code: string): Promise<void>;
  running: boolean;
  /** The last run while it is about `code` and the saved tests it ran (undefined once either changed: no stale verdict). */
  lastRunOn(code: string): TestsRun | undefined;
}

const keyOf = (event: unknown) => JSON.stringify(event);

/**
 * The transformation's saved tests on the server. The bench's text stays the working copy (kept
 * as typed); with no local text the saved tests fill it. `localText` reads that text when asked:
 * whether the bench is empty is decided when the saved tests arrive, so events typed or picked
 * while they were on their way are never replaced. On the first open after tests moved to the
 * server, events kept only in this browser are saved there.
 */
export function useSavedTests(transformationId: string, localText: () => string | undefined, parsed: ParsedEvents, fill: (text: string) => void): SavedTests {
  const [saved, setSaved] = useState<SavedTestEvent[]>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setSaved(undefined);
    const keptBefore = localText() !== undefined;
    (async () => {
      const answer = await api.getTestEvents(transformationId);
      if (cancelled) return;
      if (answer.updatedAt === null && parsed.ok && keptBefore && parsed.events.length > 0) {
        const migrated = await api.putTestEvents(transformationId, parsed.events.map((event) => ({ event })));
        if (!cancelled) setSaved(migrated.events);
        return;
      }
      setSaved(answer.events);
      // Read now, not at the request: on a loaded machine the answer can come after the user's events.
      if (localText() === undefined && answer.events.length > 0) fill(formatEvents(answer.events.map((e) => e.event as TestEvent)));
    })().catch((e: Error) => !cancelled && setError(`Saved tests could not be loaded: ${e.message}`));
    return () => {
      cancelled = true;
    };
    // Loads once per transformation; later typing must not reload.
  }, [transformationId]);

  const [beforeAdd, setBeforeAdd] = useState<SavedTestEvent[]>();
  const write = useCallback(
    async (next: SavedTestEvent[], note: string) => {
      setBeforeAdd(undefined);
      setSaving(true);
      try {
        setSaved((await api.putTestEvents(transformationId, next)).events);
        setError(undefined);
        setNote(note);
      } catch (e) {
        setError(`Not saved: ${(e as Error).message}`);
      } finally {
        setSaving(false);
      }
    },
    [transformationId],
  );
  const [note, setNote] = useState<string>();

  const notSaved = useCallback(() => {
    if (!parsed.ok) return undefined;
    const have = new Set((saved ?? []).map((s) => keyOf(s.event)));
    return parsed.events.filter((event) => !have.has(keyOf(event)));
  }, [parsed, saved]);
  const toAdd = useCallback(() => {
    const added = notSaved();
    return added && parsed.ok ? { added: added.length, already: parsed.events.length - added.length } : undefined;
  }, [notSaved, parsed]);
  const save = useCallback(async () => {
    const added = notSaved();
    if (!added || !parsed.ok) return setError(`Fix the test events first: ${parsed.ok ? '' : parsed.message}`);
    const already = parsed.events.length - added.length;
    const before = saved ?? [];
    await write([...before, ...added.map((event) => ({ event }))], `Added ${added.length} test${added.length === 1 ? '' : 's'}${already ? `; ${already} ${already === 1 ? 'was' : 'were'} saved already` : ''}`);
    if (added.length > 0) setBeforeAdd(before);
  }, [notSaved, parsed, saved, write]);
  const undoAdd = useCallback(async () => {
    if (!beforeAdd) return;
    const added = (saved?.length ?? 0) - beforeAdd.length;
    await write(beforeAdd, `Took back the ${added === 1 ? 'test' : `${added} tests`} just added`);
  }, [beforeAdd, saved, write]);

  const [asking, setAsking] = useState<string>();
  const replaceNow = useCallback(async () => {
    if (!parsed.ok) return setError(`Fix the test events first: ${parsed.message}`);
    const byEvent = new Map((saved ?? []).map((s) => [keyOf(s.event), s]));
    await write(parsed.events.map((event) => byEvent.get(keyOf(event)) ?? { event }), `Replaced: ${parsed.events.length} saved tests`);
  }, [parsed, saved, write]);
  const replace = useCallback(async () => {
    if (!parsed.ok) return setError(`Fix the test events first: ${parsed.message}`);
    const old = saved ?? [];
    const withExpectations = old.filter((s) => s.expected || s.checks?.length).length;
    if (old.length === 0) return replaceNow();
    setAsking(`Replace the ${old.length} saved test${old.length === 1 ? '' : 's'} (${withExpectations} with expected outputs or checks) with the bench's ${parsed.events.length} events? Expectations of events that stay are kept.`);
  }, [parsed, saved, replaceNow]);
  const answer = useCallback(async (yes: boolean) => {
    setAsking(undefined);
    if (yes) await replaceNow();
  }, [replaceNow]);

  const positionOf = useCallback((event: unknown) => {
    const at = (saved ?? []).findIndex((s) => keyOf(s.event) === keyOf(event));
    return at >= 0 ? at + 1 : undefined;
  }, [saved]);
  const testOf = useCallback((event: unknown) => (saved ?? [])[(positionOf(event) ?? 0) - 1], [saved, positionOf]);
  const expectedOf = useCallback((event: unknown) => testOf(event)?.expected, [testOf]);
  /** Changes one part of an event's saved test (added when it is not one); undefined removes that part. */
  const update = useCallback(
    async (event: TestEvent, parts: Partial<Record<'expected' | 'checks', unknown>>, note: string) => {
      const list = saved ?? [];
      const at = list.findIndex((s) => keyOf(s.event) === keyOf(event));
      const updated = { ...(at >= 0 ? list[at]! : { event }) } as Record<string, unknown>;
      for (const [part, value] of Object.entries(parts)) {
        if (value === undefined) delete updated[part];
        else updated[part] = value;
      }
      const next = at >= 0 ? list.map((s, i) => (i === at ? (updated as SavedTestEvent) : s)) : [...list, updated as SavedTestEvent];
      await write(next, note);
    },
    [saved, write],
  );
  const setExpected = useCallback(
    (event: TestEvent, expected: unknown[] | undefined) =>
      update(event, { expected }, expected ? 'Expected output saved: saving or publishing a version now checks it' : 'Expected output removed'),
    [update],
  );
  const setChecks = useCallback(
    (event: TestEvent, checks: FieldCheck[]) =>
      update(event, { checks: checks.length > 0 ? checks : undefined }, `${checks.length} field check${checks.length === 1 ? '' : 's'} saved: saving or publishing a version now checks ${checks.length === 1 ? 'it' : 'them'}`),
    [update],
  );
  const mustNotThrow = useCallback(
    (event: TestEvent) => update(event, { expected: undefined, checks: undefined }, 'Saved test: it passes when the code does not throw'),
    [update],
  );

  const [running, setRunning] = useState(false);
  const [lastRun, setLastRun] = useState<{ result: TestsRun; code: string; saved: SavedTestEvent[] | undefined }>();
  const run = useCallback(
    async (code: string) => {
      setRunning(true);
      try {
        setLastRun({ result: await api.runTests(transformationId, { code }), code, saved });
        setError(undefined);
      } catch (e) {
        setError(`The tests could not run: ${(e as Error).message}`);
      } finally {
        setRunning(false);
      }
    },
    [transformationId, saved],
  );
  const lastRunOn = useCallback((code: string) => (lastRun && lastRun.code === code && lastRun.saved === saved ? lastRun.result : undefined), [lastRun, saved]);

  return { saved, error, saving, note, save, toAdd, undoAdd: beforeAdd ? undoAdd : undefined, replace, asking, answer, expectedOf, setExpected, testOf, positionOf, setChecks, mustNotThrow, run, running, lastRunOn };
}
