import { afterAll, describe, expect, it } from 'vitest';
import { madeByRun, sandboxHarness } from '../../testing/sandbox-helpers';

// Each limit fails the run with a clear error, disposes the isolate, and leaves the sandbox usable.

const h = sandboxHarness({ timeoutMs: 300, memoryLimitMb: 32, wallTimeoutMs: 1500, maxOutputBytes: 1024 * 1024 });
// Filling 32 MB takes 80-250 ms under isolated-vm 7 (more on a loaded machine): the memory cases get
// their own time limit so they can only end on the memory limit.
const hm = sandboxHarness({ timeoutMs: 4000, memoryLimitMb: 32, wallTimeoutMs: 8000, maxOutputBytes: 1024 * 1024 });
afterAll(() => Promise.all([h.sandbox.close(), hm.sandbox.close()]));

describe('limits', () => {
  it('an infinite loop times out', async () => {
    expect(await h.fatal('export function transformEvent(e) { while (true) {} }')).toBe(
      'Timed out: the transformation ran for more than 300 ms (check for an infinite loop)',
    );
    await h.healthy();
  });

  it('an infinite loop after an await times out', async () => {
    expect(await h.fatal('export async function transformEvent(e) { await null; for (;;) {} }')).toMatch(/^Timed out: .*300 ms/);
    await h.healthy();
  });

  it('an infinite loop at module load times out', async () => {
    expect(await h.fatal('while (true) {}\nexport function transformEvent(e) { return e; }')).toMatch(/^Timed out: .*300 ms/);
    await h.healthy();
  });

  it('the time limit covers the whole batch, not each event', async () => {
    const slow = 'export function transformEvent(e) { const end = Date.now() + 40; while (Date.now() < end) {} return e; }';
    const events = Array.from({ length: 20 }, (_, i) => ({ messageId: String(i) }));
    expect(await h.fatal(slow, events)).toMatch(/^Timed out/);
    await h.healthy();
  });

  it('a memory bomb hits the memory limit', async () => {
    const bomb = 'export function transformEvent(e) { const a = []; for (;;) a.push(new Array(100000).fill(Math.random())); }';
    expect(await hm.fatal(bomb)).toBe('Memory limit exceeded: the transformation used more than 32 MB');
    await hm.healthy();
  });

  it('a string bomb hits the memory limit', async () => {
    const bomb = 'export function transformEvent(e) { const a = []; for (let i = 0; i < 100; i++) a.push("y".repeat(2 ** 20) + i); return { a }; }';
    expect(await hm.fatal(bomb)).toBe('Memory limit exceeded: the transformation used more than 32 MB');
    await hm.healthy();
  });

  it('a string longer than the engine allows is a per-event RangeError', async () => {
    const out = await h.run('export function transformEvent(e) { let s = "x"; for (let i = 0; i < 40; i++) s += s; return { s }; }');
    expect(out.results[0]!.error).toMatch(/^RangeError: Invalid string length\n {4}at transformEvent \(base transformation:1:\d+\)$/);
    await h.healthy();
  });

  it('deep recursion is a per-event RangeError; other events succeed', async () => {
    const code = 'function down(n) { return down(n + 1) + 1; }\nexport function transformEvent(e) { if (e.deep) down(0); return e; }';
    const out = await h.run(code, [{ messageId: 'a', deep: true }, { messageId: 'b' }]);
    // The first frames are all `down`, so the trace is cut to its first line (as the hosted service does).
    expect(out.results[0]!.error).toBe('RangeError: Maximum call stack size exceeded');
    expect(out.results[1]!.output).toEqual({ messageId: 'b' });
    await h.healthy();
  });

  it('a huge output fails the run with an output-size error', async () => {
    const code = 'export function transformEvent(e) { return { ...e, blob: "y".repeat(100000) }; }';
    const events = Array.from({ length: 20 }, (_, i) => ({ messageId: String(i) }));
    expect(await h.fatal(code, events)).toBe('Output too large: the transformed events exceed 1 MB');
    await h.healthy();
  });

  it('a promise that never settles fails at once instead of hanging', async () => {
    expect(await h.fatal('export async function transformEvent(e) { await new Promise(() => {}); return e; }')).toBe(
      'The transformation returned a promise that never settles (nothing it awaits is pending)',
    );
    await h.healthy();
  });

  it('an unserializable output (cycle, BigInt) becomes a per-event error', async () => {
    const code = 'export function transformEvent(e) { if (e.cycle) { e.self = e; } if (e.big) e.n = 10n; return e; }';
    const out = await h.run(code, [{ messageId: 'a', cycle: true }, { messageId: 'b', big: true }, { messageId: 'c' }]);
    expect(out.results.map((r) => r.error?.split(':')[0] ?? 'ok')).toEqual(['returned event could not be converted to JSON', 'returned event could not be converted to JSON', 'ok']);
    await h.healthy();
  });

  it('a failed run disposes its isolate: state does not survive into the next run', async () => {
    const code = 'let runs = 0;\nexport function transformEvent(e) { runs++; if (e.loop) for (;;) {} return { runs }; }';
    expect(await madeByRun(h, code)).toBe(1);
    expect(await madeByRun(h, code)).toBe(0); // warm: same isolate, fresh context
    await h.fatal(code, [{ messageId: 'x', loop: true }]);
    expect(await madeByRun(h, code)).toBe(1); // a new isolate
  });

  it('close() stops a running batch and later calls fail cleanly', async () => {
    const other = sandboxHarness({ timeoutMs: 5000 });
    const running = other.run('export function transformEvent(e) { for (;;) {} }');
    await new Promise((resolve) => setTimeout(resolve, 100));
    other.sandbox.close();
    await expect(running).rejects.toMatchObject({ code: 'sandbox_error' });
    await expect(other.run('export function transformEvent(e) { return e; }')).rejects.toMatchObject({ code: 'sandbox_error' });
  });
});
