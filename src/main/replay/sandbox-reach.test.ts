import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { capture, ok, trackEvents, waitFor } from '../testing/replay-support';

// Least privilege (docs/decisions/003-security.md): a process that runs user code never opens the
// studio's database. Every sandbox process is read from /proc while a replay and a compare run
// (their batches are read and stored by the core; the background process only runs them): no
// descriptor of a file of the data folder, no database file, no better-sqlite3 mapped.

/** What a process holds: its open files (descriptor targets) and the files it has mapped. */
function reach(pid: number): { files: string[]; maps: string[] } | null {
  try {
    const files = readdirSync(`/proc/${pid}/fd`).map((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return ''; // closed meanwhile
      }
    });
    const maps = readFileSync(`/proc/${pid}/maps`, 'utf8')
      .split('\n')
      .map((line) => line.split(/\s+/).slice(5).join(' '))
      .filter((path) => path.startsWith('/'));
    return { files, maps: [...new Set(maps)] };
  } catch {
    return null; // exited meanwhile
  }
}

describe.runIf(process.platform === 'linux')('what a sandbox process can reach (integration, /proc)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
    await capture(t, trackEvents(1200, (i) => ({ event: 'Reach', properties: { i } })));
  });
  afterAll(() => t.close());

  it('holds no file of the data folder and maps no better-sqlite3 during a replay and a compare', async () => {
    const code = (mark: number) => `export function transformEvent(event) { event.mark = ${mark}; return event; }`;
    const published = await ok(t, 'POST', '/transformations?publish=true', { name: 'Reach', code: code(1) });
    const v2 = await ok(t, 'POST', `/transformations/${published.id}`, { code: code(2) });
    const replay = await ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: {} }, target: { kind: 'published', transformationId: published.id } });
    const compare = await ok(t, 'POST', '/studio/api/replay/runs', {
      source: { kind: 'filter', filter: {} },
      target: { kind: 'published', transformationId: published.id },
      compareWith: { kind: 'version', versionId: v2.versionId },
    });
    // Read every sandbox process until both runs are done: while they run, and once more after
    // (the background process stays until it has been idle for a while).
    const seen = new Map<number, { files: Set<string>; maps: Set<string> }>();
    let background = 0;
    const read = () => {
      for (const { pid, background: isBackground } of t.studio.sandboxProcesses()) {
        const held = reach(pid);
        if (!held) continue;
        if (isBackground) background++;
        const entry = seen.get(pid) ?? { files: new Set(), maps: new Set() };
        held.files.forEach((f) => entry.files.add(f));
        held.maps.forEach((m) => entry.maps.add(m));
        seen.set(pid, entry);
      }
    };
    for (;;) {
      read();
      const runs = await Promise.all([replay, compare].map((run) => ok(t, 'GET', `/studio/api/replay/runs/${run.id}`)));
      if (runs.every((run) => !['queued', 'running'].includes(run.status))) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    read();
    expect((await waitFor(t, replay.id)).status).toBe('done');
    const compared = await waitFor(t, compare.id);
    expect({ total: compared.total, changes: compared.summary.changes, errors: compared.summary.errors }).toMatchObject({ total: 1200, changes: { changed: 1200 }});
    // The background process that ran the batches was read while it held them.
    expect(background).toBeGreaterThan(0);
    expect(seen.size).toBeGreaterThan(0);
    for (const [pid, { files, maps }] of seen) {
      const reached = [...files, ...maps];
      expect({ pid, dataFolder: reached.filter((path) => path.startsWith(t.dataDir)) }).toEqual({ pid, dataFolder: [] });
      expect({ pid, databases: reached.filter((path) => /\.db(-wal|-shm|-journal)?( \(deleted\))?$/.test(path)) }).toEqual({ pid, databases: [] });
      expect({ pid, sqlite: reached.filter((path) => /better[-_]sqlite3/.test(path)) }).toEqual({ pid, sqlite: [] });
    }
  }, 120_000);
});

