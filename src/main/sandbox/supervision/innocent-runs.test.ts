import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../index';

// The watchdog kills a sandbox process whose isolate stalled in a builtin that ignores the time
// limit. A run that only shared that process (here: waiting on its fetch, in the same process)
// did nothing wrong: it runs again in a new process and answers as if nothing happened; only the
// stalled run fails, with the time limit's message.

const LIMIT = 1000;
const TIMED_OUT = `Timed out: the transformation ran for more than ${LIMIT} ms (check for an infinite loop)`;
// Runs on the isolates' threads (syncRuns false), so both runs go to the one process. The held
// request must outlast the kill however slow the machine: its timeout is long.
const sandbox = createSandbox({
  timeoutMs: LIMIT,
  memoryLimitMb: 128,
  processes: 1,
  syncRuns: false,
  requestTimeoutMs: 60_000,
  getSettings: () => ({ allowPrivateNetwork: true }),
});

// The first request is held (its run waits in the process the attack will stall); later ones answer.
let requests = 0;
let firstArrived!: () => void;
const first = new Promise<void>((resolve) => (firstArrived = resolve));
let heldClosed: Promise<void> | undefined;
const held: ServerResponse[] = [];
const server = createServer((req, res) => {
  requests++;
  if (requests === 1) {
    held.push(res);
    heldClosed = new Promise((resolve) => req.socket.once('close', () => resolve()));
    firstArrived();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ answer: 42 }));
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/value`;
});
afterAll(() => {
  sandbox.close();
  for (const res of held) res.destroy();
  server.close();
});

describe.skipIf(process.platform !== 'linux')('a watchdog kill fails only the run that stalled', () => {
  it('a run sharing the killed process runs again elsewhere and answers correctly', async () => {
    const innocentCode = `export async function transformEvent(e) {
  const fetched = await fetch(${JSON.stringify(url)});
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
    expect(requests).toBe(2); // made again in the new process
    expect(sandbox.processes().map((p) => p.pid)).not.toContain(pids[0]);
    expect(sandbox.status()).toMatchObject({ stalled: 1, killed: 1 });
  }, 90_000);
});
