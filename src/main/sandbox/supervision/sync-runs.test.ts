import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandbox, type ProcessSandbox } from '../index';
import { SYNC_QUIET_MS } from './placement';

// A run sent to a sandbox process with nothing else in flight, after a quiet second without two
// runs at once, enters its isolate on that process's thread (no hand-over to the isolate's thread
// and back). The process then reads nothing until the run ends, so a run that comes meanwhile
// waits a moment and then goes elsewhere: with one process, to a spare one. A loop that spins
// until its time limit must not hold it up. Concurrent work runs on the isolates' threads.

// Each test has its own sandbox (no state shared across tests). The quiet window is measured on
// performance.now() in this process (process-pool.ts): the tests fake that clock alone and move it
// past the window, instead of sleeping against it.
let sandbox: ProcessSandbox;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
  sandbox = createSandbox({ timeoutMs: 20_000, memoryLimitMb: 32, processes: 1 });
});
afterEach(() => {
  sandbox.close();
  vi.useRealTimers();
});

const LOOP = 'export function transformEvent(e) { if (e.event === "spin") { while (true) {} } return { ...e, ok: true }; }';
const event = (name: string) => ({ messageId: name, type: 'track', event: name });

/** Moves the (fake) clock of the quiet window past it. */
const quietWindowPasses = () => vi.advanceTimersByTime(SYNC_QUIET_MS);

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  await expect.poll(read, { timeout: 10_000, message: what }).toBeDefined();
  return read()!;
}

describe('runs on the sandbox process\'s thread', () => {
  it('a run sent to an idle process blocks it; runs that come meanwhile go to a spare process and finish while it spins', async () => {
    await sandbox.transform({ code: LOOP, name: 'Spinner', events: [event('warm')] }); // only a warm isolate's run blocks
    let spinning = true;
    const spin = sandbox.transform({ code: LOOP, name: 'Spinner', events: [event('spin')] }).finally(() => (spinning = false));
    spin.catch(() => {});
    const blocked = await until(() => sandbox.processes().find((p) => p.blocked), 'a blocked sandbox process');
    expect(blocked.running).toBe(1);
    for (let n = 0; n < 6; n++) {
      const code = `export function transformEvent(e) { return { ...e, n: ${n} }; }`;
      const out = await sandbox.transform({ code, events: [event('x')] });
      expect(out.results[0]!.output).toMatchObject({ n });
    }
    // The warm isolate of the spinner's code is in the blocked process: its run goes to the spare too.
    const again = await sandbox.transform({ code: LOOP, name: 'Spinner', events: [event('fine')] });
    expect(again.results[0]!.output).toMatchObject({ ok: true });
    expect(spinning).toBe(true);
    const live = sandbox.processes();
    expect(live.find((p) => p.spare)?.pid).toBeDefined();
    expect(live.find((p) => p.spare)?.pid).not.toBe(blocked.pid);
    process.kill(blocked.pid, 'SIGKILL');
    await expect(spin).rejects.toThrow(/the sandbox process crashed while running Spinner/);
  }, 60_000);

  it('one run at a time: each is sent to the idle process on its thread, never to the spare', async () => {
    const code = 'export function transformEvent(e) { return { ...e, seen: true }; }';
    await sandbox.transform({ code, events: [event('cold')] }); // a cold isolate is made on the isolate's thread
    const onThread = () => sandbox.processes().reduce((n, p) => n + p.runsOnThread, 0);
    const before = onThread();
    const pids = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const run = sandbox.transform({ code, events: [event(`e${i}`)] });
      const busy = sandbox.processes().filter((p) => p.running > 0);
      expect(busy).toHaveLength(1);
      expect(busy[0]!.blocked).toBe(true);
      pids.add(busy[0]!.pid);
      expect((await run).results[0]!.output).toMatchObject({ seen: true });
    }
    expect(pids.size).toBe(1);
    expect(onThread() - before).toBe(5);
  }, 60_000);

  it('runs at once go side by side on the isolates\' threads of one process (no spare); a quiet second later, on its thread again', async () => {
    // The second of the two at once waits for the first however long the first's round trip takes:
    // with the default 50 ms wait a slow round trip (3-19 ms here beside busy loops; 100 ms put in
    // the process) sent it to a spare. Going elsewhere after the wait is the first test's.
    sandbox.close();
    sandbox = createSandbox({ timeoutMs: 20_000, memoryLimitMb: 32, processes: 1, blockedWaitMs: 20_000 });
    const quick = (n: number) => `export function transformEvent(e) { return { ...e, n: ${n} }; }`;
    // One code for every busy run (so the long run is warm: only a warm run may go on the thread).
    const BUSY = 'export function transformEvent(e) { const end = Date.now() + e.ms; while (Date.now() < end) {} return { ...e, busy: true }; }';
    for (const n of [0, 1, 2, 3, 4]) await sandbox.transform({ code: quick(n), events: [event('warm')] });
    await sandbox.transform({ code: BUSY, events: [{ ...event('warm'), ms: 1 }] });
    quietWindowPasses();
    // Two at once: the first on the process's thread, the second waits for it, then goes on the isolates' threads.
    const [a, b] = await Promise.all([sandbox.transform({ code: quick(1), events: [event('a')] }), sandbox.transform({ code: quick(2), events: [event('b')] })]);
    expect([a.results[0]!.output, b.results[0]!.output]).toMatchObject([{ n: 1 }, { n: 2 }]);
    // Within the second after: a long run does not block its process, and nothing needs a spare.
    const long = sandbox.transform({ code: BUSY, events: [{ ...event('long'), ms: 400 }] });
    await until(() => sandbox.processes().find((p) => p.running > 0), 'the long run');
    const during = await sandbox.transform({ code: quick(3), events: [event('during')] });
    expect(during.results[0]!.output).toMatchObject({ n: 3 });
    expect(sandbox.processes().some((p) => p.blocked)).toBe(false);
    expect((await long).results[0]!.output).toMatchObject({ busy: true });
    expect(sandbox.processes().filter((p) => p.spare)).toEqual([]);
    expect(sandbox.processes()).toHaveLength(1);
    quietWindowPasses();
    const run = sandbox.transform({ code: quick(4), events: [event('later')] });
    expect(sandbox.processes().find((p) => p.running > 0)?.blocked).toBe(true);
    await run;
  }, 60_000);
});
