import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptySummary } from './outcome';
import { openDatabase } from '../store/database';
import { replayRepo } from '../store/replay-repo';
import { createSandbox as createProcessSandbox, type ProcessSandbox, type SandboxOptions } from '../sandbox';
import { replayWorkers } from './worker';
import { runBatches, type BatchRunOptions } from './batch-runner';

// A run's batches through real sandbox processes on a real database: the core reads each batch,
// the background process runs it, the core stores the batches in order, several in flight.

/** Some CPU per event: `n` thousand loop turns (about 1 µs each). */
const slow = (n: number) => `export function transformEvent(event) { let x = 0; for (let i = 0; i < ${n * 1000}; i++) x += i; event.seen = x > 0; return event; }`;

function storedRun(events: number) {
  const file = join(mkdtempSync(join(tmpdir(), 'replay-batches-')), 'studio.db');
  const db = openDatabase(file);
  const repo = replayRepo(db);
  const inputs = Array.from({ length: events }, (_, i) => ({ seq: null, event: JSON.stringify({ type: 'track', event: 'E', messageId: `m${i}` }) }));
  repo.create({ id: 'run', kind: 'replay', name: 'r', source: '{}', target_a: '{}', target_b: null, summary: JSON.stringify(emptySummary(false)), created_at: new Date().toISOString() }, inputs);
  return { repo, close: () => db.close() };
}

/** A sandbox with replay's worker registered, as studio.ts makes it. */
const createSandbox = (options: SandboxOptions = {}) => createProcessSandbox({ ...options, workers: replayWorkers() });
const side = (code: string) => ({ code, name: 'Slow', libraries: [], transformationId: null, versionId: null });

function run(sandbox: ProcessSandbox, repo: BatchRunOptions['repo'], code: string, extra: Partial<BatchRunOptions> = {}) {
  return runBatches({ repo, runId: 'run', from: 0, sandbox: () => sandbox, sides: [side(code)], workspaceId: 'w', stopped: () => false, closing: new AbortController().signal, onStored: () => {}, ...extra });
}

describe('replay batches through a sandbox process, stored by the core (integration)', () => {
  let sandbox: ProcessSandbox | undefined;
  afterEach(() => sandbox?.close());

  it('stores every batch in position order while the next ones run, telling each stored position', async () => {
    sandbox = createSandbox();
    const stored = storedRun(2000);
    const positions: number[] = [];
    let mostInFlight = 0;
    await run(sandbox, stored.repo, slow(100), {
      onStored: (done) => {
        positions.push(done);
        mostInFlight = Math.max(mostInFlight, ...sandbox!.processes().map((p) => p.running));
      },
    });
    expect(positions).toEqual(Array.from({ length: 10 }, (_, i) => 200 * (i + 1)));
    expect(stored.repo.get('run')!.done).toBe(2000);
    expect(JSON.parse(stored.repo.get('run')!.summary)).toMatchObject({ a: { kept: 2000, failed: 0 } });
    // The batches after the one being stored were in flight meanwhile.
    expect(mostInFlight).toBeGreaterThan(1);
    stored.close();
  });

  it('with two sandbox processes, a run\'s batches in flight spread over two background processes and are stored in position order', async () => {
    sandbox = createSandbox({ processes: 2 });
    const stored = storedRun(4000);
    const positions: number[] = [];
    const busyBackground = new Set<number>();
    const watch = setInterval(() => sandbox!.processes().forEach((p) => p.background && p.running > 0 && busyBackground.add(p.pid)), 5);
    try {
      await run(sandbox, stored.repo, slow(200), { onStored: (done) => positions.push(done) });
    } finally {
      clearInterval(watch);
    }
    expect(positions).toEqual(Array.from({ length: 20 }, (_, i) => 200 * (i + 1)));
    expect(JSON.parse(stored.repo.get('run')!.summary)).toMatchObject({ a: { kept: 4000, failed: 0 } });
    expect(busyBackground.size).toBe(2);
    expect(sandbox.processes().filter((p) => p.background && p.isolatesMade > 0)).toHaveLength(2);
    stored.close();
  });

  it.each([2, 1])('one background process with %i lane(s): a run\'s batches run on that many isolates of the side at once, stored in position order, the core holding a handle on each', async (lanes) => {
    sandbox = createSandbox({ processes: 1, lanes });
    const background = () => sandbox!.processes().filter((p) => p.background);
    for (const round of [1, 2]) {
      const stored = storedRun(4000);
      const positions: number[] = [];
      await run(sandbox, stored.repo, slow(200), { onStored: (done) => positions.push(done) });
      expect(positions).toEqual(Array.from({ length: 20 }, (_, i) => 200 * (i + 1)));
      expect(JSON.parse(stored.repo.get('run')!.summary)).toMatchObject({ a: { kept: 4000, failed: 0 } });
      // Two lanes: the second batch found the first lane's isolate busy and made its own; a second
      // run finds both warm (the core kept a handle on each, and dropped none).
      expect(background().map((p) => ({ round, made: p.isolatesMade, warm: p.warm }))).toEqual([{ round, made: lanes, warm: lanes }]);
      stored.close();
    }
  });

  it('starts no batch once stopped, and stores those in flight', async () => {
    sandbox = createSandbox();
    const stored = storedRun(4000);
    let stop = false;
    const positions: number[] = [];
    await run(sandbox, stored.repo, slow(200), { stopped: () => stop, onStored: (done) => (positions.push(done), (stop = true)) });
    const done = stored.repo.get('run')!.done;
    expect(positions.at(-1)).toBe(done);
    expect(done % 200).toBe(0);
    expect(done).toBeGreaterThan(200); // the batches in flight when it stopped were stored
    expect(done).toBeLessThan(4000);
    stored.close();
  });

  it('runs replays in a process of their own at a lower CPU priority', async () => {
    sandbox = createSandbox();
    const stored = storedRun(1000);
    let pids: { replay?: number; threadsNice?: number[] } = {};
    await run(sandbox, stored.repo, slow(500), {
      onStored: () => {
        if (pids.replay) return;
        const busy = sandbox!.processes().find((p) => p.background);
        pids = { replay: busy?.pid, threadsNice: busy && process.platform === 'linux' ? niceOfThreads(busy.pid) : undefined };
      },
    });
    expect(pids.replay).toBeDefined();
    if (process.platform === 'linux') {
      expect(pids.threadsNice!.length).toBeGreaterThan(3);
      expect(new Set(pids.threadsNice)).toEqual(new Set([10]));
    }
    // An interactive run goes to another process, at normal priority.
    const output = await sandbox.transform({ code: 'export function transformEvent(e) { return e; }', events: [{ type: 'track' }] });
    expect(output.results).toHaveLength(1);
    const interactive = sandbox.processes().filter((p) => !p.background);
    expect(interactive.map((p) => p.pid)).not.toContain(pids.replay);
    expect(interactive).toHaveLength(1);
    if (process.platform === 'linux') expect(new Set(niceOfThreads(interactive[0]!.pid))).toEqual(new Set([0]));
    stored.close();
  });

  it('recycles a grown replay process between runs, not between the batches of one run', async () => {
    // What a replay process holds beyond its isolates' heaps after a batch, measured first.
    const probe = createSandbox();
    const measured = storedRun(400);
    await run(probe, measured.repo, slow(10));
    const grown = probe.processes().find((p) => p.background)!;
    probe.close();
    measured.close();
    // A limit three quarters of that: past it after every batch, never past twice it.
    sandbox = createSandbox({ recycleRssMb: Math.floor(0.75 * (grown.rssMb - grown.heapMb)) });
    const stored = storedRun(1000);
    const background = () => sandbox!.processes().find((p) => p.background && !p.retiring)?.pid;
    const pidsDuringRun = new Set<number | undefined>();
    await run(sandbox, stored.repo, slow(10), { onStored: () => pidsDuringRun.add(background()) });
    expect(pidsDuringRun.size).toBe(1);
    const [first] = pidsDuringRun;
    expect(first).toBeDefined();
    // The run ended: the process is recycled.
    await expect.poll(background, { timeout: 10_000, message: 'the grown replay process, once the run ended' }).toBeUndefined();
    const next = storedRun(400);
    await run(sandbox, next.repo, slow(10));
    expect(background()).not.toBe(first);
    expect(stored.repo.get('run')!.done).toBe(1000);
    stored.close();
    next.close();
  });
});

/** The nice value of every thread of a process (Linux, /proc). */
function niceOfThreads(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}
