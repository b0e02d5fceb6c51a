import type { Db } from './database';
import { isSealed, type SecretBox } from './secret-box';

export interface CredentialInfo {
  key: string;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  key: string;
  value: string;
  created_at: string;
  updated_at: string;
}

/** Credentials for getCredential(key) in user code: key → secret value, sealed at rest. Listing never returns values. */
export function credentialsRepo(db: Db, box: SecretBox) {
  const byKey = db.prepare('SELECT value FROM credentials WHERE key = ?');
  const upsert = db.prepare(
    `INSERT INTO credentials (key, value, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const info = db.prepare('SELECT key, created_at, updated_at FROM credentials WHERE key = ?');
  const all = db.prepare('SELECT key, created_at, updated_at FROM credentials ORDER BY key');
  const allValues = db.prepare('SELECT key, value FROM credentials');
  const toInfo = (row: Pick<Row, 'key' | 'created_at' | 'updated_at'>): CredentialInfo => ({
    key: row.key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  return {
    list(): CredentialInfo[] {
      return (all.all() as Row[]).map(toInfo);
    },
    /** Every key with its value opened: what getCredential(key) answers in a run (read once per batch). */
    values(): Record<string, string> {
      return Object.fromEntries((allValues.all() as Row[]).map((row) => [row.key, box.open(row.value)]));
    },
    get(key: string): string | undefined {
      const value = (byKey.get(key) as { value: string } | undefined)?.value;
      return value === undefined ? undefined : box.open(value);
    },
    put(key: string, value: string): CredentialInfo {
      const now = new Date().toISOString();
      upsert.run(key, box.seal(value), now, now);
      return toInfo(info.get(key) as Row);
    },
    /** Seals values stored before encryption; returns how many. */
    sealPlain(): number {
      const plain = (db.prepare('SELECT key, value FROM credentials').all() as Row[]).filter((row) => !isSealed(row.value));
      const update = db.prepare('UPDATE credentials SET value = ? WHERE key = ?');
      for (const row of plain) update.run(box.seal(row.value), row.key);
      return plain.length;
    },
    delete(key: string): boolean {
      return db.prepare('DELETE FROM credentials WHERE key = ?').run(key).changes > 0;
    },
  };
}
export type CredentialsRepo = ReturnType<typeof credentialsRepo>;
