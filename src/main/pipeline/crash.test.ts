import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startHeadless, type HeadlessProcess } from '../testing/spawn-headless';

// kill -9 of the built headless host while it ingests and while it delivers; after a restart
// on the same data directory every event that was answered 200 is stored and delivered to
// the file destination (at least once).

const headless = resolve(dirname(fileURLToPath(import.meta.url)), '../../../out/main/headless.js');
const manage = { authorization: `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`, 'content-type': 'application/json' };
const writeKey = `Basic ${Buffer.from('cli-write-key:').toString('base64')}`;

const dataDir = mkdtempSync(join(tmpdir(), 'studio-crash-'));
const outFile = join(dataDir, 'exports', 'delivered.ndjson');
const acknowledged = new Set<string>();
let host: HeadlessProcess | undefined;

afterAll(async () => {
  if (host && host.child.exitCode === null) await host.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${host!.url}${path}`, { method, headers: manage, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/**
 * Clients that keep sending (batches of 20 and single calls, unique messageIds) until
 * `stop()` or until the server dies; records the messageIds of every request answered 200.
 */
function ingest(round: string, clients = 6) {
  let stopped = false;
  let sent = 0;
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; !stopped; i++) {
      const single = i % 3 === 2;
      const ids = single ? [`${round}-c${c}-${i}`] : Array.from({ length: 20 }, (_, k) => `${round}-c${c}-${i}-${k}`);
      const body = single
        ? { userId: `u${c}`, event: 'Crash Test', messageId: ids[0] }
        : { batch: ids.map((messageId) => ({ type: 'track', userId: `u${c}`, event: 'Crash Test', messageId, properties: { round } })) };
      try {
        const response = await fetch(`${host!.url}/v1/${single ? 'track' : 'batch'}`, {
          method: 'POST',
          headers: { authorization: writeKey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        if (response.status === 200 && text === 'OK') ids.forEach((id) => acknowledged.add(id));
        sent++;
      } catch {
        return; // the server is gone
      }
    }
  });
  return {
    sentRequests: () => sent,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
    done: () => Promise.all(loops),
  };
}

async function storedMessageIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: { events: { messageId: string }[]; next: string | null } = await api('GET', `/studio/api/events?limit=500${cursor ? `&cursor=${cursor}` : ''}`);
    page.events.forEach((e) => ids.add(e.messageId));
    cursor = page.next;
  } while (cursor);
  return ids;
}

/** messageIds in the NDJSON file; a line cut short by a kill (at most one per kill) is skipped. */
function deliveredMessageIds(): Set<string> {
  const ids = new Set<string>();
  let cut = 0;
  for (const line of readFileSync(outFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      ids.add((JSON.parse(line) as { messageId: string }).messageId);
    } catch {
      cut++;
    }
  }
  expect(cut).toBeLessThanOrEqual(2);
  return ids;
}

async function waitForDelivery(destinationId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = await api('GET', `/studio/api/destinations/${destinationId}`);
    if (d.delivery.pending === 0) return d;
    if (Date.now() > deadline) throw new Error(`delivery did not finish: ${JSON.stringify(d.delivery)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const missing = (expected: Set<string>, actual: Set<string>) => [...expected].filter((id) => !actual.has(id));

describe('crash safety (kill -9 of the headless host)', () => {
  it('is built (run `npx electron-vite build` first)', () => {
    expect(existsSync(headless)).toBe(true);
  });

  let destinationId = '';

  it('keeps every acknowledged event when killed during ingestion (and delivery)', async () => {
    host = await startHeadless({ dataDir });
    destinationId = (await api('POST', '/studio/api/destinations', { name: 'Crash file', kind: 'file', config: { path: 'exports/delivered.ndjson' } })).id;
    const clients = ingest('r1');
    // Let requests and deliveries run, then kill without warning while clients are sending.
    while (acknowledged.size < 3_000) await new Promise((r) => setTimeout(r, 20));
    const inFlight = clients.sentRequests();
    host.child.kill('SIGKILL');
    await clients.done();
    expect(inFlight).toBeGreaterThan(0);

    host = await startHeadless({ dataDir });
    const stored = await storedMessageIds();
    expect(missing(acknowledged, stored)).toEqual([]);
  }, 120_000);

  it('delivers everything after being killed in the middle of delivering', async () => {
    // A backlog (the destination paused during a burst), then a kill while the file
    // destination is working through it.
    await api('PATCH', `/studio/api/destinations/${destinationId}`, { enabled: false });
    const clients = ingest('r2', 8);
    const target = acknowledged.size + 20_000;
    while (acknowledged.size < target) await new Promise((r) => setTimeout(r, 20));
    await clients.stop();
    const linesBefore = existsSync(outFile) ? readFileSync(outFile, 'utf8').split('\n').length : 0;
    await api('PATCH', `/studio/api/destinations/${destinationId}`, { enabled: true });
    let killed = false;
    for (let i = 0; i < 5_000 && !killed; i++) {
      const lines = existsSync(outFile) ? readFileSync(outFile, 'utf8').split('\n').length : 0;
      if (lines > linesBefore) {
        host!.child.kill('SIGKILL');
        await new Promise((r) => host!.child.once('exit', r));
        killed = true;
      } else await new Promise((r) => setTimeout(r, 2));
    }
    expect(killed).toBe(true);
    // The kill came in the middle: the file had grown since delivery resumed, and acknowledged
    // events were still waiting.
    const deliveredAtKill = deliveredMessageIds();
    expect(missing(acknowledged, deliveredAtKill).length).toBeGreaterThan(0);

    host = await startHeadless({ dataDir });
    const stored = await storedMessageIds();
    expect(missing(acknowledged, stored)).toEqual([]);
    await waitForDelivery(destinationId);
    const delivered = deliveredMessageIds();
    expect(missing(acknowledged, delivered)).toEqual([]);
    expect(await host.stop('SIGTERM')).toBe(0);
  }, 180_000);
});
