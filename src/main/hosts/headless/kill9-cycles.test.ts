import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { integrityCheck } from '../../store/table-snapshot';
import { startHeadless, type HeadlessProcess } from '../../testing/spawn-headless';

// Repeated kill -9 of the built headless host while it ingests (concurrent /v1/batch clients
// in every cycle) and, in turn, while it delivers to a capture destination, publishes, and
// replays. After each kill: integrity_check ok, every acknowledged event stored, the published
// state whole (the old or the new version, with its library pins), no replay run left
// running; at the end every acknowledged event is delivered. KILL9_CYCLES (default 8) sets
// the number of kills; `npm run test:soak` runs more.

const CYCLES = Number(process.env.KILL9_CYCLES ?? 8);
const PHASES = ['ingestion', 'delivery', 'publish', 'replay'] as const;
const headless = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../out/main/headless.js');
const manage = { authorization: `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`, 'content-type': 'application/json' };
const writeKey = `Basic ${Buffer.from('cli-write-key:').toString('base64')}`;
const codeOf = (n: number) => `import { tag } from 'killLib';\nexport function transformEvent(event) { return tag(event, ${n}); }`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('kill -9 cycles during ingestion, delivery, publish and replay (built headless host)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-kill9-'));
  const acknowledged = new Set<string>();
  let host: HeadlessProcess;
  let transformationId = '';
  let destinationId = '';
  /** Version ids a publish answered 200 for, in order: the published one is the last (or a later unanswered one). */
  const published: string[] = [];
  const attempted: string[] = [];

  afterAll(async () => {
    if (host && host.child.exitCode === null) await host.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function api(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${host.url}${path}`, { method, headers: manage, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  }

  /** Batch clients with unique messageIds until stopped or the server dies; records what was answered 200. */
  function startClients(cycle: number, clients = 4) {
    let running = true;
    const loops = Array.from({ length: clients }, async (_, c) => {
      for (let n = 0; running; n++) {
        const messageIds = Array.from({ length: 25 }, (_, k) => `k${cycle}-${c}-${n}-${k}`);
        const batch = messageIds.map((messageId) => ({ type: 'track', event: 'Kill Nine', userId: `u${c}`, messageId, properties: { cycle } }));
        try {
          const response = await fetch(`${host.url}/v1/batch`, { method: 'POST', headers: { authorization: writeKey, 'content-type': 'application/json' }, body: JSON.stringify({ batch }) });
          if (response.status === 200 && (await response.text()) === 'OK') for (const id of messageIds) acknowledged.add(id);
        } catch {
          return;
        }
      }
    });
    return {
      stop: async () => {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  const killNow = async () => {
    host.child.kill('SIGKILL');
    if (host.child.exitCode === null && host.child.signalCode === null) await new Promise((r) => host.child.once('exit', r));
  };

  async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(20);
    }
  }

  /** The file as the next start will find it: sound, every acknowledged event stored, publish whole. */
  function checkAfterKill(phase: string) {
    const db = new BetterSqlite3(join(dataDir, 'studio.db'));
    try {
      expect(integrityCheck(db), `integrity after a kill during ${phase}`).toBe('ok');
      const stored = new Set((db.prepare('SELECT message_id FROM captured_events').raw().all() as string[][]).map((r) => r[0]));
      const lost = [...acknowledged].filter((id) => !stored.has(id));
      expect(lost.slice(0, 5), `acknowledged events lost after a kill during ${phase}`).toEqual([]);
      const t = db.prepare('SELECT published_version_id AS v FROM transformations WHERE id = ?').get(transformationId) as { v: string | null };
      const publishedNow = t.v!;
      // The last acknowledged publish, or one attempted after it (committed just before the kill).
      const lastAck = published.at(-1)!;
      const allowed = attempted.slice(attempted.indexOf(lastAck));
      expect(allowed, `published version after a kill during ${phase}`).toContain(publishedNow);
      const version = db.prepare('SELECT published_at FROM transformation_versions WHERE id = ?').get(publishedNow) as { published_at: string | null };
      expect(version.published_at).not.toBeNull();
      const pins = db.prepare('SELECT count(*) AS n FROM transformation_version_libraries WHERE transformation_version_id = ?').get(publishedNow) as { n: number };
      expect(pins.n, 'the published version keeps its library pin').toBe(1);
      // Whole batches only: the events stored in a run's batch rows are exactly its progress.
      const runs = db.prepare('SELECT total, done, (SELECT COALESCE(sum(json_array_length(b.message_ids)), 0) FROM replay_batch_outputs b WHERE b.run_id = replay_runs.id) AS results FROM replay_runs').all() as { total: number; done: number; results: number }[];
      for (const run of runs) {
        expect(run.results).toBe(run.done);
        expect(run.results).toBeLessThanOrEqual(run.total);
      }
      return { stored: stored.size };
    } finally {
      db.close();
    }
  }

  it('is built (run `npx electron-vite build` first)', () => {
    expect(existsSync(headless)).toBe(true);
  });

  it(`keeps every acknowledged write and a whole published state across ${CYCLES} kills`, async () => {
    host = await startHeadless({ dataDir });
    await api('POST', '/libraries', { name: 'Kill lib', code: 'export function tag(event, n) { return { ...event, properties: { ...event.properties, tagged: n } }; }' });
    const created = await api('POST', '/transformations?publish=true', { name: 'Kill nine', code: codeOf(0) });
    transformationId = created.id;
    published.push(created.versionId);
    attempted.push(created.versionId);
    destinationId = (await api('POST', '/studio/api/destinations', { name: 'Kill capture', kind: 'capture', transformationId })).id;

    const tally: Record<string, number> = {};
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const phase = PHASES[(cycle - 1) % PHASES.length]!;
      let note = '';
      const clients = startClients(cycle);
      const target = acknowledged.size + 1_000;
      await waitFor('acknowledged events', async () => acknowledged.size >= target);
      if (phase === 'ingestion') {
        await sleep(Math.random() * 200);
      } else if (phase === 'delivery') {
        await api('PATCH', `/studio/api/destinations/${destinationId}`, { enabled: false });
        const backlog = acknowledged.size + 3_000;
        await waitFor('a backlog', async () => acknowledged.size >= backlog);
        const before = (await api('GET', `/studio/api/destinations/${destinationId}`)).delivery.counts.delivered as number;
        await api('PATCH', `/studio/api/destinations/${destinationId}`, { enabled: true });
        await waitFor('delivery to start', async () => (await api('GET', `/studio/api/destinations/${destinationId}`)).delivery.counts.delivered > before);
      } else if (phase === 'publish') {
        const version = await api('POST', `/transformations/${transformationId}`, { code: codeOf(cycle) });
        attempted.push(version.versionId);
        const answer = fetch(`${host.url}/transformations/libraries/publish`, {
          method: 'POST',
          headers: manage,
          body: JSON.stringify({ transformations: [{ versionId: version.versionId, testInput: [{ type: 'track', event: 'x', messageId: 'p' }] }] }),
        }).then(
          (r) => (r.status === 200 ? (published.push(version.versionId), 'answered 200 before the kill') : `answered ${r.status}`),
          () => 'cut by the kill',
        );
        await sleep(Math.random() * 60);
        await killNow();
        note = `publish ${await answer}`;
      } else {
        const run = await api('POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: {}, limit: 5_000 }, target: { kind: 'published', transformationId } });
        let state: { done: number; total: number; status: string } = run;
        await waitFor('the replay to make progress', async () => {
          state = await api('GET', `/studio/api/replay/runs/${run.id}`);
          return state.done > 0 || state.status !== 'running';
        });
        note = `replay ${state.status} at ${state.done}/${state.total}`;
      }
      await killNow();
      await clients.stop();
      const { stored } = checkAfterKill(phase);
      tally[phase] = (tally[phase] ?? 0) + 1;
      host = await startHeadless({ dataDir });
      const runs = (await api('GET', '/studio/api/replay/runs')) as { runs?: { status: string }[] } | { status: string }[];
      const list = Array.isArray(runs) ? runs : (runs.runs ?? []);
      expect(list.filter((r) => r.status === 'running' || r.status === 'queued')).toEqual([]);
      console.log(`kill -9 cycle ${cycle} (${phase}): ${acknowledged.size} acknowledged events checked, ${stored} stored, integrity ok${note ? `; ${note}` : ''}`);
    }

    // After the last restart every acknowledged event reaches the destination (at least once).
    await waitFor('delivery to finish', async () => (await api('GET', `/studio/api/destinations/${destinationId}`)).delivery.pending === 0, 120_000);
    const db = new BetterSqlite3(join(dataDir, 'studio.db'), { readonly: true });
    try {
      const delivered = new Set(
        (db.prepare("SELECT message_id FROM deliveries WHERE destination_id = ? AND status = 'delivered'").raw().all(destinationId) as string[][]).map((r) => r[0]),
      );
      expect([...acknowledged].filter((id) => !delivered.has(id)).slice(0, 5)).toEqual([]);
    } finally {
      db.close();
    }
    console.log(`kill -9: ${CYCLES} cycles ${JSON.stringify(tally)}, ${acknowledged.size} acknowledged events checked after every kill, all delivered, 0 lost`);
    expect(await host.stop('SIGTERM')).toBe(0);
  }, 900_000);
});
