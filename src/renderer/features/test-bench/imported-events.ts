import type { TestEvent } from '../../api/types';

/**
 * Events from an imported file: a JSON array of events, a `/v1/batch` body (`{"batch": [...]}`),
 * one event object, or NDJSON (one event per line, as `scripts/gen-events.mjs` writes).
 */
export function importedEvents(text: string): { ok: true; events: TestEvent[] } | { ok: false; message: string } {
  const isEvent = (v: unknown): v is TestEvent => typeof v === 'object' && v !== null && !Array.isArray(v);
  const check = (values: unknown[], where: (i: number) => string) => {
    const bad = values.findIndex((v) => !isEvent(v));
    return bad === -1 ? ({ ok: true, events: values as TestEvent[] } as const) : ({ ok: false, message: `${where(bad)} is not an event object.` } as const);
  };
  if (!text.trim()) return { ok: false, message: 'The file is empty.' };
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return check(value, (i) => `Item ${i + 1}`);
    if (isEvent(value) && Array.isArray((value as { batch?: unknown }).batch)) return check((value as { batch: unknown[] }).batch, (i) => `batch item ${i + 1}`);
    if (isEvent(value)) return { ok: true, events: [value] };
    return { ok: false, message: 'The file holds JSON but neither events, an array of events nor a {"batch": [...]} body.' };
  } catch {
    // not one JSON document: NDJSON
  }
  const lines = text.split(/\r?\n/).map((l, i) => ({ l: l.trim(), i })).filter(({ l }) => l);
  const events: unknown[] = [];
  for (const { l, i } of lines) {
    try {
      events.push(JSON.parse(l));
    } catch (error) {
      return { ok: false, message: `Line ${i + 1} is not JSON (${(error as Error).message}). Import a JSON array of events or NDJSON, one event per line.` };
    }
  }
  return check(events, (i) => `Line ${lines[i]!.i + 1}`);
}
