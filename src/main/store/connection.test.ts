import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnection } from './connection';
import { openDatabase } from './database';

// A sandbox process's connection (replay batches) keeps 4 MB of page cache, not better-sqlite3's
// 16 MB: a replay reads each batch's events once and appends results (docs/decisions/010).
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('second connection', () => {
  it('keeps a 4 MB page cache, while the core connection keeps the default', () => {
    dir = mkdtempSync(join(tmpdir(), 'connection-'));
    const file = join(dir, 'studio.db');
    const core = openDatabase(file);
    const second = openConnection(file);
    // What each connection may keep in its page cache, in bytes (SQLite: a negative cache_size is
    // KiB, a positive one pages).
    const cacheBytes = (db: typeof core) => {
      const size = db.pragma('cache_size', { simple: true }) as number;
      return size < 0 ? -size * 1024 : size * (db.pragma('page_size', { simple: true }) as number);
    };
    expect(cacheBytes(second)).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(cacheBytes(second)).toBeGreaterThanOrEqual(1024 * 1024); // still a cache: a replay batch's pages fit
    expect(cacheBytes(core)).toBeGreaterThan(cacheBytes(second));
    second.close();
    core.close();
  });
});
