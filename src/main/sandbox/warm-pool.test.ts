import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../testing/sandbox-helpers';

// Warm isolates: reused per cache key (module state survives between batches, as in the hosted
// service's isolate cache), bounded, least recently used evicted first.

const h = sandboxHarness({ poolSize: 2 });
afterAll(() => h.sandbox.close());

const counter = (tag: string) => `let runs = 0;\nexport function transformEvent(e) { runs++; return { tag: '${tag}', runs }; }`;
const runs = async (code: string, extra = {}) => (await h.run(code, undefined, extra)).results[0]!.output!.runs;

describe('isolate pool', () => {
  it('reuses the warm isolate of the same code', async () => {
    const code = counter('same');
    expect([await runs(code), await runs(code), await runs(code)]).toEqual([1, 2, 3]);
  });

  it('keys by cacheKey when given: same key, same isolate; new key, new isolate', async () => {
    const code = counter('keyed');
    expect(await runs(code, { cacheKey: 'v1' })).toBe(1);
    expect(await runs(code, { cacheKey: 'v1' })).toBe(2);
    expect(await runs(code, { cacheKey: 'v2' })).toBe(1);
  });

  it('a different transformation name is a different module (stack traces name it)', async () => {
    const code = counter('named');
    expect(await runs(code, { name: 'A' })).toBe(1);
    expect(await runs(code, { name: 'B' })).toBe(1);
    expect(await runs(code, { name: 'A' })).toBe(2);
  });

  it('evicts the least recently used isolate beyond the pool size', async () => {
    const [a, b, c] = [counter('a'), counter('b'), counter('c')];
    await runs(a);
    await runs(b);
    expect(await runs(a)).toBe(2); // a is now the most recent; b the oldest
    await runs(c); // pool holds 2: b goes
    expect(await runs(a)).toBe(3);
    expect(await runs(c)).toBe(2);
    expect(await runs(b)).toBe(1); // b was evicted: fresh isolate
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
      expect(await other.run(code).then((o) => o.results[0]!.output!.runs)).toBe(1);
      expect(await other.run(code).then((o) => o.results[0]!.output!.runs)).toBe(2);
      memoryLimitMb = 96;
      expect(await other.run(code).then((o) => o.results[0]!.output!.runs)).toBe(1);
    } finally {
      other.sandbox.close();
    }
  });
});
