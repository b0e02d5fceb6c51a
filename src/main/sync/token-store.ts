import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where remote access tokens (and data plane write keys) live. Never in the database, never
 * returned by an API, never logged. The file implementation is the headless default; a
 * host may pass another (OS secret store, an encrypted box).
 */
export interface RemoteTokenStore {
  get(remoteId: string): { token: string; writeKey?: string } | undefined;
  set(remoteId: string, secret: { token: string; writeKey?: string }): void;
  delete(remoteId: string): void;
}

/** JSON file in the data folder, mode 0600, replaced atomically on every write. */
export function fileTokenStore(dataDir: string): RemoteTokenStore {
  const file = join(dataDir, 'remote-tokens.json');
  const read = (): Record<string, { token: string; writeKey?: string }> => {
    if (!existsSync(file)) return {};
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, { token: string; writeKey?: string }>;
    } catch {
      return {};
    }
  };
  const write = (all: Record<string, { token: string; writeKey?: string }>) => {
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  };
  return {
    get: (id) => read()[id],
    set(id, secret) {
      write({ ...read(), [id]: secret });
    },
    delete(id) {
      const all = read();
      delete all[id];
      write(all);
    },
  };
}
