import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';

const h = sandboxHarness();
afterAll(() => h.sandbox.close());

describe('module names in stack traces', () => {
  it('keep non-ASCII transformation names intact in per-event errors', async () => {
    const out = await h.run('export function transformEvent() {\n  throw new Error("boom");\n}', undefined, { name: '💥 Über Transform' });
    expect(out.results[0]!.error).toBe('Error: boom\n    at transformEvent (💥 Über Transform:2:9)');
  });

  it('keep them intact in compile errors', async () => {
    const message = await h.fatal('export function transformEvent( {', undefined, { name: 'Été ✓' });
    expect(message).toContain('Été ✓');
    expect(message).not.toContain('Ã');
  });

  it('replace control characters (a NUL would cut the name short)', async () => {
    const out = await h.run('export function transformEvent() {\n  throw new Error("x");\n}', undefined, { name: 'a\u0000b\nc' });
    expect(out.results[0]!.error).toBe('Error: x\n    at transformEvent (a b c:2:9)');
  });

  it('keep non-ASCII library import names intact', async () => {
    const code = 'import { fail } from "überLib";\nexport function transformEvent() { return fail(); }';
    const out = await h.run(code, undefined, {
      libraries: [{ importName: 'überLib', code: 'export function fail() {\n  throw new Error("lib");\n}' }],
    });
    expect(out.results[0]!.error).toContain('(library überLib:2:9)');
  });
});
