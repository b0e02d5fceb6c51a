import { describe, expect, it } from 'vitest';
import { heldServer, sharedProcessSandbox } from '../../testing/held-server';

// The watchdog kills a sandbox process whose isolate stalled in a builtin that ignores the time
// limit. A run that only shared that process (here: waiting on its fetch, in the same process)
// did nothing wrong: it runs again in a new process and answers as if nothing happened; only the
// stalled run fails, with the time limit's message.

const LIMIT = 1000;
const TIMED_OUT = `Timed out: the transformation ran for more than ${LIMIT} ms (check for an infinite loop)`;

// The first request is held (its run waits in the process the attack will stall); later ones answer.
let firstArrived!: () => void;
const first = new Promise<void>((resolve) => (firstArrived = resolve));
let heldClosed: Promise<void> | undefined;
const server = heldServer((count, req) => {
  if (count !== 1) return false;
  heldClosed = new Promise((resolve) => req.socket.once('close', () => resolve()));
  firstArrived();
  return true;
});
// Both runs go to the one process (the isolates' threads).
const { sandbox, url } = sharedProcessSandbox(server, { timeoutMs: LIMIT, memoryLimitMb: 128 });

describe.skipIf(process.platform !== 'linux')('a watchdog kill fails only the run that stalled', () => {
  it('a run sharing the killed process runs again elsewhere and answers correctly', async () => {
    const innocentCode = `export async function transformEvent(e) {
  const fetched = await fetch(${JSON.stringify(url())});
  return { ...e, fetched: fetched.answer ?? fetched };
}`;
    // indexOf over a sparse array of 2^32-1 slots stalls and allocates nothing (a fill over as many
    // grows a dictionary: with one memory allowance per process, the memory watch may end it first).
    const attackCode = 'export function transformEvent(e) { const slots = []; slots[4294967294] = 1; slots.indexOf(2); return e; }';
    const innocent = sandbox.transform({ code: innocentCode, events: [{ messageId: 'innocent', type: 'track' }] });
    await first; // its isolate waits on the fetch, in the only sandbox process
    const pids = sandbox.processes().map((p) => p.pid);
    expect(pids).toHaveLength(1);

    const attack = await sandbox.transform({ code: attackCode, events: [{ messageId: 'attack' }] }).then(
      () => 'no failure',
      (error: Error) => error.message,
    );
    expect(attack).toBe(TIMED_OUT);
    // The innocent run's first request went with the killed process: it shared it.
    await heldClosed;
    const result = await innocent;
    expect(result.results).toHaveLength(1);
    expect(result.results[0]!.error).toBeUndefined();
    expect(result.results[0]!.output).toEqual({ messageId: 'innocent', type: 'track', fetched: 42 });
    expect(server.requests).toBe(2); // made again in the new process
    expect(sandbox.processes().map((p) => p.pid)).not.toContain(pids[0]);
    expect(sandbox.status()).toMatchObject({ stalled: 1, killed: 1 });
  }, 90_000);
});
