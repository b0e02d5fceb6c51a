// The UI's state kept in the core (SQLite, /studio/api/state): drafts, saved test sets, the bench's
// events and context, preferences. Read once after sign-in and held here, so reads stay
// synchronous; each write goes to the core at once (the last write of a key wins), so a restart,
// another port or another browser finds it. What this browser kept before moves in on first load.
import { request } from '../api/client';

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const cache = new Map<string, string>();
let loaded = false;
const inFlight = new Map<string, Promise<unknown>>();
const pending = new Map<string, string | null>();

/** Keys of this browser's old local state that belong to the core (not the sign-in). */
const movable = (key: string) => key.startsWith('studio.') && key !== 'studio.auth';

function send(key: string): void {
  if (inFlight.has(key)) return; // sent after the write in flight
  const value = pending.get(key);
  pending.delete(key);
  const path = `/studio/api/state/${encodeURIComponent(key)}`;
  const done = (value === null || value === undefined ? request('DELETE', path) : request('PUT', path, { value }))
    .catch((error: unknown) => console.error(`could not store ${key} in the studio`, error))
    .finally(() => {
      inFlight.delete(key);
      if (pending.has(key)) send(key);
    });
  inFlight.set(key, done);
}

/** Loads the core's state and moves this browser's old local state in (once; the core's entries win). */
export async function loadCoreStorage(local: Storage = localStorage): Promise<void> {
  const old: Record<string, string> = {};
  for (let i = 0; i < local.length; i++) {
    const key = local.key(i);
    if (key && movable(key)) old[key] = local.getItem(key) ?? '';
  }
  const answer =
    Object.keys(old).length > 0
      ? await request<{ entries: Record<string, string> }>('POST', '/studio/api/state/import', { entries: old })
      : await request<{ entries: Record<string, string> }>('GET', '/studio/api/state');
  // Moved: the core holds them now (the theme stays too, to paint the sign-in page).
  for (const key of Object.keys(old)) if (key !== 'studio.theme') local.removeItem(key);
  cache.clear();
  for (const [key, value] of Object.entries(answer.entries)) cache.set(key, value);
  loaded = true;
}

/** Resolves once every write sent so far has reached the core. */
export async function flushCoreStorage(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight.values()]);
}

export const coreStorage: KeyValue = {
  getItem: (key) => cache.get(key) ?? null,
  setItem(key, value) {
    if (cache.get(key) === value) return;
    cache.set(key, value);
    pending.set(key, value);
    send(key);
  },
  removeItem(key) {
    if (!cache.has(key)) return;
    cache.delete(key);
    pending.set(key, null);
    send(key);
  },
};

/** Where the UI's state lives: the core once loaded (after sign-in), this browser before. */
export const userStorage = (): KeyValue => (loaded ? coreStorage : localStorage);
