// Helpers for the replay integration tests (not used by the app).
import { expect } from 'vitest';
import type { TestStudio } from './harness';

/** Captures events through the real event API, 100 per /v1/batch call. */
export async function capture(t: TestStudio, events: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < events.length; i += 100) {
    const response = await fetch(`${t.url}/v1/batch`, {
      method: 'POST',
      headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ batch: events.slice(i, i + 100) }),
    });
    expect(response.status, await response.text()).toBe(200);
  }
}

export const trackEvents = (n: number, make: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: n }, (_, i): Record<string, unknown> => ({ type: 'track', event: 'Replay', userId: `u${i}`, messageId: `msg-${i}`, properties: { i }, ...make(i) }));

export async function ok(t: TestStudio, method: string, path: string, body?: unknown) {
  const response = await t.call(method, path, body);
  expect(response.status, `${method} ${path}: ${response.text.slice(0, 500)}`).toBe(200);
  return response.body;
}

/** Polls a run until `done(run)` holds (or fails after 60 s). */
 
export async function waitFor(t: TestStudio, id: string, done: (run: any) => boolean = (r) => !['queued', 'running'].includes(r.status)) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = await ok(t, 'GET', `/studio/api/replay/runs/${id}`);
    if (done(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${id} did not get there: ${JSON.stringify(run).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Code that spends about `ms` per event (to catch a run in the middle). */
export const slowCode = (ms: number) =>
  `export function transformEvent(event) { const end = Date.now() + ${ms}; while (Date.now() < end) {} event.slow = true; return event; }`;
