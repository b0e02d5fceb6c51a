import type { Page } from '@playwright/test';
import { expect, type StudioServer } from './studio-fixture';

/** The default source's write key, as the event API takes it. */
const writeKey = `Basic ${Buffer.from('cli-write-key:').toString('base64')}`;

// Shared by the replay specs: a live version, a draft that changes, drops, splits, fails and fixes,
// and how many captured events of each kind.
export const LIVE = `export function transformEvent(event) {
  const k = event.properties.kind;
  if (k === 'fixme') throw new Error('live cannot ' + k);
  event.properties.seen = 'a';
  return event;
}
`;
export const DRAFT = `export function transformEvent(event) {
  const k = event.properties.kind;
  if (k === 'fail') throw new Error('draft fails on ' + k);
  if (k === 'drop') return null;
  event.properties.seen = 'a';
  if (k === 'change') { event.properties.seen = 'b'; event.properties.extra = 1; }
  if (k === 'split') return [event, { ...event, event: 'Second' }];
  return event;
}
`;
export const KINDS: [string, number][] = [['same', 10], ['change', 5], ['drop', 4], ['split', 3], ['fail', 2], ['fixme', 2]];

/** On a run page of the Kinds compare: the summary counted exactly, then one changed event's A vs B diff. */
export async function expectKindsCompare(page: Page): Promise<void> {
  // The summary, counted exactly.
  const expected = { unchanged: 10, changed: 5, dropped: 4, split: 3, newlyFailing: 2, fixed: 2, stillFailing: 0 };
  for (const [kind, n] of Object.entries(expected)) await expect(page.getByTestId(`count-${kind}`)).toContainText(String(n));
  await expect(page.getByRole('table', { name: /Top changed fields/ })).toContainText('properties.seen');
  await expect(page.getByRole('list', { name: 'Errors' })).toContainText('draft fails on fail');

  // Drill down to the changed events and open one A vs B diff.
  await page.getByTestId('count-changed').click();
  await expect(page.getByTestId('results-total')).toContainText('5 events');
  await page.getByTestId('replay-results').getByRole('button').first().click();
  const diff = page.getByTestId('result-detail').getByTestId('event-diff');
  await expect(diff).toContainText('properties.seen');
  await expect(diff).toContainText('properties.extra');
}

/** On the run page: saves the draft's two failures as the transformation's test events. */
export async function saveKindsFailures(page: Page, server: StudioServer, transformationId: string): Promise<void> {
  await page.getByRole('button', { name: 'Save failures as test events' }).click();
  await expect(page.getByRole('status')).toContainText('Saved 2 failing events');
  const response = await fetch(`${server.url}/studio/api/transformations/${transformationId}/test-events`, { headers: { authorization: server.auth } });
  expect(response.status).toBe(200);
  const saved = (await response.json()) as { events: { event: { messageId: string } }[] };
  expect(saved.events.map((e) => e.event.messageId)).toEqual(['fail-0', 'fail-1']);
}

/** Captures the Kinds events (plus `extra`) through the event API; returns the Kinds events. */
export async function captureKinds(server: StudioServer, extra: Record<string, unknown>[] = []): Promise<Record<string, unknown>[]> {
  const batch = KINDS.flatMap(([kind, n]) => Array.from({ length: n }, (_, i) => ({ type: 'track', event: 'Kinds', userId: `u${i}`, messageId: `${kind}-${i}`, properties: { kind, i } })));
  const captured = await fetch(`${server.url}/v1/batch`, { method: 'POST', headers: { authorization: writeKey, 'content-type': 'application/json' }, body: JSON.stringify({ batch: [...batch, ...extra] }) });
  expect(captured.status).toBe(200);
  return batch;
}

/** A Studio API caller that expects 200 answers. */
export function studioApi(server: StudioServer) {
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(server.url + path, { method, headers: { authorization: server.auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(response.status, path).toBe(200);
    return response.json();
  };
}

/**
 * Captures `batch` through /v1/batch, publishes `published` as a new transformation, saves `draft`
 * as its next version and starts a compare of the two over the captured events named `event`.
 * Resolves with the replay run.
 */
export async function captureAndCompare(server: StudioServer, { batch, event, name, published, draft }: { batch: object[]; event: string; name: string; published: string; draft: string }) {
  const captured = await fetch(`${server.url}/v1/batch`, { method: 'POST', headers: { authorization: writeKey, 'content-type': 'application/json' }, body: JSON.stringify({ batch }) });
  expect(captured.status).toBe(200);
  const api = studioApi(server);
  const t = await api('POST', '/transformations?publish=true', { name, code: published });
  const v2 = await api('POST', `/transformations/${t.id}`, { code: draft });
  return api('POST', '/studio/api/replay/runs', {
    source: { kind: 'filter', filter: { event } },
    target: { kind: 'published', transformationId: t.id },
    compareWith: { kind: 'version', versionId: v2.versionId },
  });
}
