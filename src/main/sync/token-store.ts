import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSealed, type SecretBox } from '../store/secret-box';

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

type Tokens = Record<string, { token: string; writeKey?: string }>;

/**
 * JSON file in the data folder, mode 0600, replaced atomically on every write, its content
 * sealed with the master key (`{"sealed": "enc:v1:…"}`). A file written before encryption (the
 * tokens in plain JSON) is read as is and sealed on open.
 */
export function fileTokenStore(dataDir: string, box: SecretBox): RemoteTokenStore {
  const file = join(dataDir, 'remote-tokens.json');
  const write = (all: Tokens) => {
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ sealed: box.seal(JSON.stringify(all)) }), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  };
  const read = (): Tokens => {
    if (!existsSync(file)) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return {};
    }
    const sealed = (parsed as { sealed?: unknown } | null)?.sealed;
    if (typeof sealed === 'string' && isSealed(sealed)) return JSON.parse(box.open(sealed)) as Tokens;
    return (parsed ?? {}) as Tokens;
  };
  // Seal a file left in plain text by an older version.
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('"sealed"')) write(read());
  }
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
