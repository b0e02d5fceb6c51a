import { afterAll, describe, expect, it } from 'vitest';
import { madeByRun, sandboxHarness } from '../testing/sandbox-helpers';

// Warm isolates: reused per cache key, bounded, least recently used evicted first. Each batch runs
// in a fresh context of its isolate (module state never carries over, as hosted), so reuse is read
// from the processes' count of isolates made: `runs` answers how many isolates that run made (0:
// it went to a warm one), and checks the module's counter started over.

const h = sandboxHarness({ poolSize: 2 });
afterAll(() => h.sandbox.close());

const counter = (tag: string) => `let runs = 0;\nexport function transformEvent(e) { runs++; return { tag: '${tag}', runs }; }`;
// Isolates a run made: 1 for a new isolate, 0 for a warm one.
const runs = (code: string, extra = {}) => madeByRun(h, code, extra);

describe('isolate pool', () => {
  it('reuses the warm isolate of the same code', async () => {
    const code = counter('same');
    expect([await runs(code), await runs(code), await runs(code)]).toEqual([1, 0, 0]);
  });

  it('keys by cacheKey when given: same key, same isolate; new key, new isolate', async () => {
    const code = counter('keyed');
    expect(await runs(code, { cacheKey: 'v1' })).toBe(1);
    expect(await runs(code, { cacheKey: 'v1' })).toBe(0);
    expect(await runs(code, { cacheKey: 'v2' })).toBe(1);
  });

  it('a different transformation name is a different module (stack traces name it)', async () => {
    const code = counter('named');
    expect(await runs(code, { name: 'A' })).toBe(1);
    expect(await runs(code, { name: 'B' })).toBe(1);
    expect(await runs(code, { name: 'A' })).toBe(0);
  });

  it('evicts the least recently used isolate beyond the pool size', async () => {
    const [a, b, c] = [counter('a'), counter('b'), counter('c')];
    await runs(a);
    await runs(b);
    expect(await runs(a)).toBe(0); // a is now the most recent; b the oldest
    await runs(c); // pool holds 2: b goes
    expect(await runs(a)).toBe(0);
    expect(await runs(c)).toBe(0);
    expect(await runs(b)).toBe(1); // b was evicted: a new isolate
  });

  it('runs batches of the same code at the same time on separate isolates', async () => {
    const code = 'export async function transformEvent(e) { for (let i = 0; i < 1000; i++) await null; return e; }';
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => h.run(code, [{ messageId: String(i) }])));
    expect(results.map((r) => r.results[0]!.output!.messageId)).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('the memory limit is part of the key: a changed setting gets a new isolate', async () => {
    let memoryLimitMb = 64;
    const other = sandboxHarness({ getSettings: () => ({ memoryLimitMb }) });
    try {
      const code = counter('mem');
      expect(await madeByRun(other, code)).toBe(1);
      expect(await madeByRun(other, code)).toBe(0);
      memoryLimitMb = 96;
      expect(await madeByRun(other, code)).toBe(1);
    } finally {
      other.sandbox.close();
    }
  });
});
