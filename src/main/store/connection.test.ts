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
    expect(second.pragma('cache_size', { simple: true })).toBe(-4096);
    expect(core.pragma('cache_size', { simple: true })).toBe(-16000);
    second.close();
    core.close();
  });
});
