// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localData } from './local-data';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('localData', () => {
  it('keeps a draft per kind and id until cleared', () => {
    const data = localData(memoryStorage());
    data.saveDraft('transformation', 't1', 'code', 'v1');
    expect(data.draft('transformation', 't1')).toMatchObject({ code: 'code', baseVersionId: 'v1' });
    expect(data.draft('library', 't1')).toBeUndefined();
    expect(data.hasDraft('transformation', 't1')).toBe(true);
    data.clearDraft('transformation', 't1');
    expect(data.draft('transformation', 't1')).toBeUndefined();
  });

  it('keeps the message typed for the draft beside its code; a message that is not text is dropped', () => {
    const storage = memoryStorage();
    const data = localData(storage);
    data.saveDraft('library', 'l1', 'code', 'v1', 'rename maskEmail');
    expect(data.draft('library', 'l1')).toMatchObject({ code: 'code', message: 'rename maskEmail' });
    data.saveDraft('library', 'l1', 'code 2', 'v1');
    expect(data.draft('library', 'l1')).not.toHaveProperty('message');
    storage.setItem('studio.draft.library.l2', JSON.stringify({ code: 'c', baseVersionId: 'v1', updatedAt: 'x', message: 42 }));
    expect(data.draft('library', 'l2')).toMatchObject({ code: 'c', message: undefined });
  });

  it('ignores corrupt entries instead of failing', () => {
    const storage = memoryStorage();
    storage.setItem('studio.draft.library.x', '{not json');
    storage.setItem('studio.testSets', '{"a":1}');
    const data = localData(storage);
    expect(data.draft('library', 'x')).toBeUndefined();
    expect(data.testSets()).toEqual([]);
  });

  it('saves test sets newest first, replacing one of the same name', () => {
    const data = localData(memoryStorage());
    data.saveTestSet('a', [{ type: 'track' }]);
    data.saveTestSet('b', []);
    const sets = data.saveTestSet('a', [{ type: 'page' }]);
    expect(sets.map((s) => [s.name, s.events])).toEqual([['a', [{ type: 'page' }]], ['b', []]]);
    expect(data.deleteTestSet('a').map((s) => s.name)).toEqual(['b']);
  });
});
