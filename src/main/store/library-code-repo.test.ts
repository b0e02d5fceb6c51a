import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database';
import { libraryCodeRepo } from './library-code-repo';

let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'library-code-'));
  db = openDatabase(join(dir, 'studio.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const now = '2026-01-01T00:00:00.000Z';
function library(id: string, importName: string, versions: string[], pointers: { latest?: string; published?: string; deleted?: boolean } = {}) {
  db.prepare(
    'INSERT INTO libraries (id, name, import_name, created_at, updated_at, latest_version_id, published_version_id, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(id, importName, importName, now, now, pointers.latest ?? null, pointers.published ?? null, pointers.deleted ? now : null);
  versions.forEach((versionId, seq) =>
    db
      .prepare('INSERT INTO library_versions (id, library_id, seq, name, code, import_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(versionId, id, seq + 1, importName, `export const v = '${versionId}';`, importName, now),
  );
}

describe('libraryCodeRepo', () => {
  it('reads versions by id and lists the missing ones', () => {
    library('L1', 'utils', ['v1', 'v2']);
    const repo = libraryCodeRepo(db);
    expect(repo.versions(['v2', 'nope', 'v1'])).toEqual({
      found: [
        { versionId: 'v2', libraryId: 'L1', name: 'utils', importName: 'utils', code: "export const v = 'v2';" },
        { versionId: 'v1', libraryId: 'L1', name: 'utils', importName: 'utils', code: "export const v = 'v1';" },
      ],
      missing: ['nope'],
    });
  });

  it('picks the published version, else the latest pointer, else the highest sequence', () => {
    library('L1', 'published', ['p1', 'p2', 'p3'], { latest: 'p3', published: 'p2' });
    library('L2', 'latest', ['l1', 'l2'], { latest: 'l2' });
    library('L3', 'noPointers', ['n1', 'n2', 'n3']);
    const repo = libraryCodeRepo(db);
    expect(repo.currentByImportName('published')?.versionId).toBe('p2');
    expect(repo.currentByImportName('latest')?.versionId).toBe('l2');
    expect(repo.currentByImportName('noPointers')?.versionId).toBe('n3');
  });

  it('ignores deleted libraries and unknown import names', () => {
    library('L1', 'gone', ['g1'], { latest: 'g1', deleted: true });
    const repo = libraryCodeRepo(db);
    expect(repo.currentByImportName('gone')).toBeUndefined();
    expect(repo.currentByImportName('unknown')).toBeUndefined();
  });
});
