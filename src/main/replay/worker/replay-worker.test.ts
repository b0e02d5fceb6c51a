import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptySummary } from '../outcome';
import { openDatabase } from '../../store/database';
import { replayRepo } from '../../store/replay-repo';
import { createSandbox as createProcessSandbox, type ProcessSandbox, type SandboxOptions, type WorkSideInput } from '../../sandbox';
import { cancelReplayJob, replayWorkers, runReplayJob, type ReplayJob } from './index';

// Replay requests through real sandbox processes on a real database: many batches per request,
// progress now and then, cancel, and the deadline that progress keeps moving.

const EVENTS = 4000; // 20 batches
/** Some CPU per event: `n` thousand loop turns (about 1 µs each). */
const slow = (n: number) => `export function transformEvent(event) { let x = 0; for (let i = 0; i < ${n * 1000}; i++) x += i; event.seen = x > 0; return event; }`;

function storedRun(events: number) {
  const file = join(mkdtempSync(join(tmpdir(), 'replay-batches-')), 'studio.db');
  const db = openDatabase(file);
  const repo = replayRepo(db);
  const inputs = Array.from({ length: events }, (_, i) => ({ seq: null, event: JSON.stringify({ type: 'track', event: 'E', messageId: `m${i}` }) }));
  repo.create({ id: 'run', kind: 'replay', name: 'r', source: '{}', target_a: '{}', target_b: null, summary: JSON.stringify(emptySummary(false)), created_at: new Date().toISOString() }, inputs);
  return { file, repo, close: () => db.close() };
}

/** A sandbox with replay's worker registered, as studio.ts makes it. */
const createSandbox = (options: SandboxOptions = {}) => createProcessSandbox({ ...options, workers: replayWorkers() });
const replay = (sandbox: ProcessSandbox, { sides, ...job }: ReplayJob & { sides: WorkSideInput[] }, onProgress: (done: number) => void = () => {}) =>
  runReplayJob(sandbox, job, sides, onProgress);

const side = (code: string) => ({ code, name: 'Slow', libraries: [], transformationId: null, versionId: null });

describe('replay batches in a sandbox process (integration)', () => {
  let sandbox: ProcessSandbox | undefined;
  afterEach(() => sandbox?.close());

  it('runs many batches in one request past the per-batch deadline, telling its progress on the way', async () => {
    // Deadline between two progress messages: 3 batches' wall limit (3 x 200 ms) plus 100 ms of
    // grace. The request as a whole takes longer: 50 batches of some 30 ms.
    sandbox = createSandbox({ timeoutMs: 200, wallTimeoutMs: 200, graceMs: 100 });
    const events = 10_000;
    const run = storedRun(events);
    const progress: number[] = [];
    const started = performance.now();
    const result = await replay(sandbox, 
      { dbFile: run.file, runId: 'run', from: 0, workspaceId: 'w', sides: [side(slow(150))], maxBatches: 60 },
      (done) => progress.push(done),
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThan(700); // longer than one deadline: only progress kept it alive
    expect(result).toEqual({ done: events, finished: true, written: true });
    expect(run.repo.get('run')!.done).toBe(events);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.every((done, i) => done % 200 === 0 && (i === 0 || done > progress[i - 1]!))).toBe(true);
    run.close();
  });

  it('stops after maxBatches, and after the batches in flight when cancelled', async () => {
    sandbox = createSandbox();
    const run = storedRun(EVENTS);
    const request = { dbFile: run.file, runId: 'run', from: 0, workspaceId: 'w', sides: [side(slow(200))], maxBatches: 3 };
    expect(await replay(sandbox, request)).toEqual({ done: 600, finished: false, written: true });

    const cancelling = replay(sandbox, { ...request, from: 600, maxBatches: 50 }, () => cancelReplayJob(sandbox!, 'run'));
    const result = await cancelling;
    expect(result.finished).toBe(false);
    expect(result.written).toBe(true);
    expect(result.done % 200).toBe(0);
    expect(result.done).toBeGreaterThan(600);
    expect(result.done).toBeLessThan(EVENTS);
    expect(run.repo.get('run')!.done).toBe(result.done);

    // A request from a position the run is not at stores nothing.
    expect(await replay(sandbox, { ...request, from: 0 })).toMatchObject({ written: false });
    run.close();
  });

  it('runs replays in a process of their own at a lower CPU priority', async () => {
    sandbox = createSandbox();
    const run = storedRun(1000);
    let pids: { replay?: number; threadsNice?: number[] } = {};
    await replay(sandbox, { dbFile: run.file, runId: 'run', from: 0, workspaceId: 'w', sides: [side(slow(500))], maxBatches: 50 }, () => {
      if (pids.replay) return;
      const busy = sandbox!.processes().find((p) => p.background);
      pids = { replay: busy?.pid, threadsNice: busy && process.platform === 'linux' ? niceOfThreads(busy.pid) : undefined };
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
    run.close();
  });

  it('recycles a grown replay process between runs, not between the requests of one run', async () => {
    // What a replay process holds beyond its isolates' heaps after a request, measured first.
    const probe = createSandbox();
    const measured = storedRun(1000);
    await replay(probe, { dbFile: measured.file, runId: 'run', from: 0, workspaceId: 'w', sides: [side(slow(10))], maxBatches: 2 });
    const grown = probe.processes().find((p) => p.background)!;
    probe.close();
    measured.close();
    // A limit three quarters of that: past it after every request, never past twice it.
    sandbox = createSandbox({ recycleRssMb: Math.floor(0.75 * (grown.rssMb - grown.heapMb)) });
    const run = storedRun(1000);
    const request = { dbFile: run.file, runId: 'run', workspaceId: 'w', sides: [side(slow(10))], maxBatches: 2 };
    const background = () => sandbox!.processes().find((p) => p.background && !p.retiring)?.pid;
    await replay(sandbox, { ...request, from: 0 });
    const first = background();
    expect(first).toBeDefined();
    await replay(sandbox, { ...request, from: 400 }); // the run's next request, at once
    expect(background()).toBe(first);
    // The run pauses: the process is recycled.
    await expect.poll(background, { timeout: 10_000, message: 'the grown replay process, once the run paused' }).toBeUndefined();
    await replay(sandbox, { ...request, from: 800 });
    expect(background()).not.toBe(first);
    expect(run.repo.get('run')!.done).toBe(1000);
    run.close();
  });
});

/** The nice value of every thread of a process (Linux, /proc). */
function niceOfThreads(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}
