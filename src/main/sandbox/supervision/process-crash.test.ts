import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../index';

// User code runs in sandbox processes: when one dies (here really killed with SIGKILL while the
// user's loop runs), the run in flight fails with a clear error, the pool starts another process,
// and this process, the caller, carries on. Were user code running in this process, the kill
// would end the test file.

const sandbox = createSandbox({ timeoutMs: 20_000, memoryLimitMb: 32, processes: 2 });
afterAll(() => sandbox.close());

const LOOP = 'export function transformEvent(e) { if (e.event === "spin") { while (true) {} } return { ...e, ok: true }; }';
const event = (name: string) => ({ messageId: name, type: 'track', event: name });

async function runningPid(): Promise<number> {
  for (let i = 0; i < 400; i++) {
    const busy = sandbox.processes().find((p) => p.running > 0);
    if (busy) return busy.pid;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no sandbox process is running anything');
}

describe('a sandbox process that dies', () => {
  it('kill -9 mid-run: the run fails with "the sandbox process crashed while running <name>"; the next run works in a new process', async () => {
    const run = sandbox.transform({ code: LOOP, name: 'Spinner', events: [event('spin')] });
    const pid = await runningPid();
    expect(pid).not.toBe(process.pid);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the loop is running
    process.kill(pid, 'SIGKILL');
    await expect(run).rejects.toMatchObject({
      code: 'sandbox_error',
      message: expect.stringMatching(/^the sandbox process crashed while running Spinner \(killed by SIGKILL\)/),
      details: { sandboxCrashed: true },
    });
    const out = await sandbox.transform({ code: LOOP, name: 'Spinner', events: [event('fine')] });
    expect(out.results[0]!.output).toEqual({ ...event('fine'), ok: true });
    expect(sandbox.processes().map((p) => p.pid)).not.toContain(pid);
  }, 60_000);

  it('other runs proceed while one spins; the kill fails only the run in flight', async () => {
    const spin = sandbox.transform({ code: LOOP, name: 'Spinner', events: [event('spin')] });
    const pid = await runningPid();
    let survived = 0;
    for (let n = 0; n < 12; n++) {
      const code = `export function transformEvent(e) { return { ...e, n: ${n} }; }`;
      const out = await sandbox.transform({ code, events: [event('x')] });
      expect(out.results[0]!.output).toMatchObject({ n });
      survived++;
    }
    process.kill(pid, 'SIGKILL');
    await expect(spin).rejects.toThrow(/the sandbox process crashed while running Spinner/);
    expect(survived).toBe(12);
  }, 60_000);

  it('user code that exhausts memory fails its run with a clear error; the sandbox keeps working', async () => {
    const hog = 'export function transformEvent(e) { const keep = []; for (;;) keep.push(new Array(1e6).fill(e.event)); }';
    await expect(sandbox.transform({ code: hog, name: 'Hog', events: [event('eat')] })).rejects.toThrow(
      /Memory limit exceeded: the transformation used more than 32 MB|the sandbox process crashed while running Hog/,
    );
    const out = await sandbox.transform({ code: LOOP, events: [event('after')] });
    expect(out.results[0]!.output).toMatchObject({ ok: true });
  }, 60_000);
});
