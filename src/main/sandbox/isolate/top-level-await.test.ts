import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';

// A module whose top-level evaluation never settles (a top-level await on a promise nothing
// resolves) fails with a clear error within the time limit, for transformations and libraries.

const h = sandboxHarness({ timeoutMs: 300 });
afterAll(() => h.sandbox.close());

const NEVER = 'await new Promise(() => {});';

describe('top-level evaluation must settle', () => {
  it('a transformation whose top-level await never settles fails with a clear error', async () => {
    const message = await h.fatal(`${NEVER}\nexport function transformEvent(e) { return e; }`);
    expect(message).toMatch(/top-level/i);
    await h.healthy();
  });

  it('a transformation importing such a library fails the same way', async () => {
    const libraries = [{ importName: 'stuck', code: `${NEVER}\nexport const x = 1;` }];
    const message = await h.fatal(`import { x } from 'stuck';\nexport function transformEvent(e) { return { x }; }`, undefined, { libraries });
    expect(message).toMatch(/top-level/i);
  });

  it('a library test fails on it', async () => {
    await expect(h.sandbox.testLibrary({ importName: 'stuck', code: `${NEVER}\nexport const x = 1;` })).rejects.toThrow(/top-level/i);
  });

  it('a top-level await that settles still works', async () => {
    const out = await h.run(`const v = await Promise.resolve(7);\nexport function transformEvent(e) { return { v }; }`);
    expect(out.results[0]!.output).toEqual({ v: 7 });
  });
});
