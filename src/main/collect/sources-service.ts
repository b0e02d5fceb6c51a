import { StudioError, notFound } from '../errors';
import type { Store } from '../store';
import { newId, newSecret } from '../store/ids';
import type { Source } from '../store/sources-repo';
import type { SourceCreate, SourceUpdate } from '../../shared/api/pipeline';

const checkName = (name: string) => {
  const trimmed = name.trim();
  if (!trimmed) throw new StudioError('validation', 'name must not be empty');
  return trimmed;
};

/** Studio API for sources (the write keys the event API accepts). */
export function createSourcesService(store: Store, onChange: () => void) {
  const mustGet = (id: string) => {
    const source = store.sources.get(id);
    if (!source) throw notFound(`no source with id "${id}"`);
    return source;
  };
  return {
    list: (): Source[] => store.sources.list(),
    get: mustGet,
    create(input: SourceCreate): Source {
      const source = store.sources.create({ id: newId(), name: checkName(input.name), writeKey: newSecret(18), enabled: input.enabled ?? true });
      onChange();
      return source;
    },
    update(id: string, patch: SourceUpdate): Source {
      mustGet(id);
      store.db.transaction(() => {
        if (patch.name !== undefined) store.sources.rename(id, checkName(patch.name));
        if (patch.enabled !== undefined) store.sources.setEnabled(id, patch.enabled);
      })();
      onChange();
      return mustGet(id);
    },
    remove(id: string): void {
      mustGet(id);
      store.sources.delete(id);
      onChange();
    },
  };
}
export type SourcesService = ReturnType<typeof createSourcesService>;
