import type { Kind } from '../hooks/routes';
import type { TestEvent } from '../api/types';
import { userStorage } from './core-storage';

/** Unsaved code of one transformation or library, kept (in the core) until saved. */
export interface Draft {
  code: string;
  /** The saved version the draft started from. */
  baseVersionId: string;
  updatedAt: string;
  /** The message typed for the version the draft will become. */
  message?: string;
}

export interface TestSet {
  name: string;
  events: TestEvent[];
  savedAt: string;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Fired on window when a draft appears or disappears (lists show a "Local draft" badge). */
export const DRAFTS_CHANGED = 'studio-drafts-changed';

function announce(): void {
  if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') window.dispatchEvent(new Event(DRAFTS_CHANGED));
}

function read<T>(storage: KeyValue, key: string): T | undefined {
  try {
    const text = storage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

/** Drafts, per-transformation test events and saved test sets (kept in the core once signed in: core-storage.ts). */
export function localData(storage: KeyValue = userStorage()) {
  const draftKey = (kind: Kind, id: string) => `studio.draft.${kind}.${id}`;
  return {
    draft(kind: Kind, id: string): Draft | undefined {
      const draft = read<Draft>(storage, draftKey(kind, id));
      if (!draft || typeof draft.code !== 'string') return undefined;
      return typeof draft.message === 'string' || draft.message === undefined ? draft : { ...draft, message: undefined };
    },
    saveDraft(kind: Kind, id: string, code: string, baseVersionId: string, message = ''): void {
      const draft: Draft = { code, baseVersionId, updatedAt: new Date().toISOString(), ...(message ? { message } : {}) };
      const existed = storage.getItem(draftKey(kind, id)) !== null;
      storage.setItem(draftKey(kind, id), JSON.stringify(draft));
      if (!existed) announce();
    },
    clearDraft(kind: Kind, id: string): void {
      const existed = storage.getItem(draftKey(kind, id)) !== null;
      storage.removeItem(draftKey(kind, id));
      if (existed) announce();
    },
    hasDraft(kind: Kind, id: string): boolean {
      return storage.getItem(draftKey(kind, id)) !== null;
    },
    /** The test-events text last used for a transformation (may be invalid JSON while typing). */
    testEventsText(transformationId: string): string | undefined {
      return storage.getItem(`studio.testEvents.${transformationId}`) ?? undefined;
    },
    saveTestEventsText(transformationId: string, text: string): void {
      storage.setItem(`studio.testEvents.${transformationId}`, text);
    },
    testSets(): TestSet[] {
      const sets = read<TestSet[]>(storage, 'studio.testSets');
      return Array.isArray(sets) ? sets.filter((s) => s && typeof s.name === 'string' && Array.isArray(s.events)) : [];
    },
    /** Adds or replaces (same name) a saved test set; newest first. */
    saveTestSet(name: string, events: TestEvent[]): TestSet[] {
      const sets = [{ name, events, savedAt: new Date().toISOString() }, ...this.testSets().filter((s) => s.name !== name)];
      storage.setItem('studio.testSets', JSON.stringify(sets));
      return sets;
    },
    deleteTestSet(name: string): TestSet[] {
      const sets = this.testSets().filter((s) => s.name !== name);
      storage.setItem('studio.testSets', JSON.stringify(sets));
      return sets;
    },
  };
}

export type LocalData = ReturnType<typeof localData>;
