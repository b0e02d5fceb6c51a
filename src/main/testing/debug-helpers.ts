import { expect } from 'vitest';
import type { DebugSessionEvent } from '../../shared/api/debug';
import type { TestStudio } from './harness';

// Helpers for the debugger's tests: a debug session's event stream read as it comes.

export interface SessionStream {
  /** The next event matching (those already read first); fails after `ms`. */
  next(match: (event: DebugSessionEvent) => boolean, ms?: number): Promise<DebugSessionEvent>;
  /** The next Debugger.paused notification's params. */
  paused(ms?: number): Promise<PausedParams>;
  /** Script urls by scriptId, from the Debugger.scriptParsed notifications read so far. */
  urls: Map<string, string>;
  /** Debugger.paused notifications received so far. */
  seenPauses(): number;
  close(): void;
}

export interface PausedParams {
  reason: string;
  callFrames: { callFrameId: string; functionName: string; location: { scriptId: string; lineNumber: number; columnNumber: number }; scopeChain: { type: string; object: { objectId: string } }[] }[];
}

/** Sessions started and streams opened through these helpers, by studio, until `stopSessions`. */
const opened = new WeakMap<TestStudio, { ids: Set<string>; streams: Set<SessionStream> }>();
const openedBy = (harness: TestStudio) => {
  let entry = opened.get(harness);
  if (!entry) opened.set(harness, (entry = { ids: new Set(), streams: new Set() }));
  return entry;
};

/**
 * Closes the streams and stops the sessions a test opened (call it after each test): a test that
 * failed half-way leaves no debug process and no listener behind for the next test to count.
 */
export async function stopSessions(harness: TestStudio): Promise<void> {
  const { ids, streams } = openedBy(harness);
  for (const stream of streams) stream.close();
  streams.clear();
  for (const id of ids) await harness.call('DELETE', `/studio/api/debug/sessions/${id}`); // 404 once it is long gone
  ids.clear();
}

export async function openStream(harness: TestStudio, id: string): Promise<SessionStream> {
  const controller = new AbortController();
  const response = await fetch(`${harness.url}/studio/api/debug/sessions/${id}/events`, { headers: { authorization: harness.auth }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`events: HTTP ${response.status} ${await response.text()}`);
  const seen: DebugSessionEvent[] = [];
  const urls = new Map<string, string>();
  let used = 0;
  /** The server ended the stream (after done or ended): nothing more will come. */
  let over = false;
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('data: ')) continue;
          const event = JSON.parse(block.slice(6)) as DebugSessionEvent;
          seen.push(event);
          if (event.kind === 'cdp' && event.method === 'Debugger.scriptParsed') {
            const { scriptId, url } = event.params as { scriptId: string; url: string };
            urls.set(scriptId, url);
          }
          waiters.forEach((wake) => wake());
        }
      }
    } catch {
      // aborted
    }
    over = true;
    waiters.forEach((wake) => wake());
  })();
  const describe = () => JSON.stringify(seen.map((e) => (e.kind === 'cdp' ? e.method : e)));
  const next = (match: (event: DebugSessionEvent) => boolean, ms = 15_000) =>
    new Promise<DebugSessionEvent>((resolve, reject) => {
      const check = () => {
        while (used < seen.length) {
          const event = seen[used++]!;
          if (match(event)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(event);
            return;
          }
        }
        if (!over) return;
        waiters.delete(check);
        clearTimeout(timer);
        reject(new Error(`the session's event stream ended with no matching debug event; seen: ${describe()}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching debug event within ${ms} ms; seen: ${describe()}`));
      }, ms);
      waiters.add(check);
      check();
    });
  const stream: SessionStream = {
    next,
    async paused(ms) {
      const event = await next((e) => e.kind === 'cdp' && e.method === 'Debugger.paused', ms);
      return (event as { params: PausedParams }).params;
    },
    urls,
    seenPauses: () => seen.filter((e) => e.kind === 'cdp' && e.method === 'Debugger.paused').length,
    close: () => controller.abort(),
  };
  openedBy(harness).streams.add(stream);
  return stream;
}

/** Sends a CDP command to a session; its result (fails on an error answer). */
export async function cdp(harness: TestStudio, id: string, method: string, params: Record<string, unknown> = {}): Promise<any> {
  const answer = await harness.call('POST', `/studio/api/debug/sessions/${id}/commands`, { method, params });
  if (answer.status !== 200) throw new Error(`${method}: HTTP ${answer.status} ${answer.text}`);
  return answer.body.result;
}

/** Local variables of a paused frame: name -> CDP RemoteObject. */
export async function locals(harness: TestStudio, id: string, frame: PausedParams['callFrames'][number]): Promise<Record<string, any>> {
  const scope = frame.scopeChain.find((s) => s.type === 'local')!;
  const { result } = await cdp(harness, id, 'Runtime.getProperties', { objectId: scope.object.objectId, ownProperties: true });
  return Object.fromEntries((result as { name: string; value: unknown }[]).map((p) => [p.name, p.value]));
}

/** Starts a debug session over the studio API (the answer must be 200) and returns its id. */
export async function startSession(harness: TestStudio, body: Record<string, unknown>): Promise<string> {
  const answer = await harness.call('POST', '/studio/api/debug/sessions', { breakpoints: [], ...body });
  expect(answer.status, answer.text).toBe(200);
  openedBy(harness).ids.add(answer.body.id as string);
  return answer.body.id as string;
}
