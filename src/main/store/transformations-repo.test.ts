import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { newId } from './ids';
import { librariesRepo } from './libraries-repo';
import { transformationsRepo } from './transformations-repo';

const tempDb = () => openDatabase(join(mkdtempSync(join(tmpdir(), 'tr-repo-')), 'studio.db'));

describe('transformations repository', () => {
  it('orders versions with the same createdAt by creation order (seq)', () => {
    const repo = transformationsRepo(tempDb());
    const transformationId = newId();
    const at = '2024-01-01T00:00:00.000Z';
    const ids = [newId(), newId(), newId(), newId()];
    repo.create({ id: ids[0]!, transformationId, name: 'T', description: '', code: '// 0', testEvents: null, createdAt: at, createdBy: 'a@example.com' });
    ids.slice(1).forEach((id, i) => repo.addVersion({ id, transformationId, name: 'T', description: '', code: `// ${i + 1}`, testEvents: null, createdAt: at, createdBy: i === 0 ? null : `b${i}@example.com` }));
    expect(repo.versions(transformationId, { count: 10, order: 'ASC' }).map((v) => v.id)).toEqual(ids);
    expect(repo.versions(transformationId, { count: 10, order: 'DESC' }).map((v) => v.id)).toEqual([...ids].reverse());
    expect(repo.versions(transformationId, { count: 2, order: 'ASC' }).map((v) => v.seq)).toEqual([1, 2]);
    expect(repo.get(transformationId)!.latestVersionId).toBe(ids[3]);
    expect(repo.versions(transformationId, { count: 10, order: 'ASC' }).map((v) => v.createdBy)).toEqual(['a@example.com', null, 'b1@example.com', 'b2@example.com']);
    expect(repo.version(ids[2]!)!.createdBy).toBe('b1@example.com');
  });

  it('keeps at most one published version and replaces the pins of a republished version', () => {
    const db = tempDb();
    const repo = transformationsRepo(db);
    const libs = librariesRepo(db);
    const lib = libs.create({ id: newId(), libraryId: newId(), name: 'L', description: '', code: '', importName: 'l', createdAt: '2024-01-01T00:00:00.000Z', createdBy: 'lib@example.com' });
    const lib2 = libs.addVersion({ ...lib.version, id: newId(), createdAt: '2024-01-02T00:00:00.000Z', createdBy: 'other@example.com' });
    expect([libs.version(lib.version.id)!.createdBy, lib2.createdBy]).toEqual(['lib@example.com', 'other@example.com']);
    const transformationId = newId();
    const first = repo.create({ id: newId(), transformationId, name: 'T', description: '', code: '', testEvents: null, createdAt: '2024-01-01T00:00:00.000Z', createdBy: null });
    const second = repo.addVersion({ id: newId(), transformationId, name: 'T', description: '', code: '', testEvents: null, createdAt: '2024-01-02T00:00:00.000Z', createdBy: null });
    repo.publish(first.version.id, [lib.version.id], '2024-01-03T00:00:00.000Z');
    repo.publish(second.id, [lib.version.id], '2024-01-04T00:00:00.000Z');
    repo.publish(second.id, [lib2.id, lib2.id], '2024-01-05T00:00:00.000Z');
    const published = db.prepare('SELECT id FROM transformation_versions WHERE transformation_id = ? AND published_at IS NOT NULL').all(transformationId);
    expect(published).toEqual([{ id: second.id }]);
    expect(repo.get(transformationId)!.publishedVersionId).toBe(second.id);
    expect(repo.pinnedLibraryVersions(second.id)).toEqual([lib2.id]);
    expect(repo.pinnedLibraryVersions(first.version.id)).toEqual([lib.version.id]);
  });
});
