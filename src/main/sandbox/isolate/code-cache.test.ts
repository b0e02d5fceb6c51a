import { describe, expect, it } from 'vitest';
import { CodeCache } from './code-cache';

// The code cache's keys: remembered per (kind, filename) for the realms of a warm isolate, never
// stale when the source changes.

describe('CodeCache keys', () => {
  it('keyOf is CodeCache.key of the same parts, and follows a changed source, filename or kind', () => {
    const cache = new CodeCache();
    const code = 'export function transformEvent(e) { return e; }';
    const first = cache.keyOf('module', 'main', code);
    expect(first).toBe(CodeCache.key('module', 'main', code));
    expect(cache.keyOf('module', 'main', `${code}`)).toBe(first);
    const changed = `${code}\n// edited`;
    expect(cache.keyOf('module', 'main', changed)).toBe(CodeCache.key('module', 'main', changed));
    expect(cache.keyOf('module', 'main', changed)).not.toBe(first);
    expect(cache.keyOf('module', 'library x', code)).not.toBe(first);
    expect(cache.keyOf('script', 'main', code)).not.toBe(first);
    // Back to the first source: its key again, not the edited one's.
    expect(cache.keyOf('module', 'main', code)).toBe(first);
  });

  it('keys do not collide when the parts shift between kind, filename and source', () => {
    expect(CodeCache.key('module', 'a', 'bc')).not.toBe(CodeCache.key('module', 'ab', 'c'));
    const cache = new CodeCache();
    expect(cache.keyOf('module', 'a', 'bc')).not.toBe(cache.keyOf('module', 'ab', 'c'));
  });
});
