import { MAX_STATE_KEYS, MAX_STATE_VALUE, STATE_KEY_PATTERN, type StateEntries } from '../../shared/api/user-state';
import { badRequest } from '../errors';
import type { Store } from '../store';

const tooMany = (n: number) => badRequest(`the studio keeps at most ${MAX_STATE_KEYS} entries of UI state; ${n} would be too many: delete old drafts or test sets`);
const keyPattern = new RegExp(STATE_KEY_PATTERN);

/** Every key named as the API names them, every value a string within the limit (a record's schema alone lets other keys through). */
function checkEntries(entries: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(entries)) {
    if (!keyPattern.test(key)) throw badRequest(`body: entries: the key ${JSON.stringify(key.slice(0, 60))} is not a state key (letters, digits, . _ : - , at most 200)`);
    if (typeof value !== 'string') throw badRequest(`body: entries.${key}: must be a string (the stored text), not ${value === null ? 'null' : typeof value}`);
    if (value.length > MAX_STATE_VALUE) throw badRequest(`body: entries.${key}: longer than ${MAX_STATE_VALUE} characters`);
  }
}

/** The UI's drafts, test sets, bench context and preferences, kept in the core (at most MAX_STATE_KEYS entries). */
export function createUserStateService(repo: Store['userState'], now = () => new Date().toISOString()) {
  return {
    all: (): StateEntries => ({ entries: repo.all() }),
    put(key: string, value: string): StateEntries {
      if (!repo.has(key) && repo.count() >= MAX_STATE_KEYS) throw tooMany(repo.count() + 1);
      repo.put(key, value, now());
      return { entries: { [key]: value } };
    },
    remove(key: string): StateEntries {
      repo.remove(key);
      return { entries: {} };
    },
    /** Sets the keys the core does not hold yet (a browser's older local state); answers the whole state. */
    importMissing(entries: Record<string, unknown>): StateEntries {
      checkEntries(entries);
      const incoming = Object.keys(entries).filter((k) => !repo.has(k)).length;
      if (repo.count() + incoming > MAX_STATE_KEYS) throw tooMany(repo.count() + incoming);
      repo.importMissing(entries as Record<string, string>, now());
      return { entries: repo.all() };
    },
  };
}
export type UserStateService = ReturnType<typeof createUserStateService>;
