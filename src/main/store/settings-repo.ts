import type { Db } from './database';

/** Small key → JSON value settings (sandbox limits, geolocation URL, retention …). */
export function settingsRepo(db: Db) {
  const get = db.prepare('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  return {
    get<T>(key: string, fallback: T): T {
      const row = get.get(key) as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as T) : fallback;
    },
    set(key: string, value: unknown): void {
      put.run(key, JSON.stringify(value));
    },
    all(): Record<string, unknown> {
      const rows = db.prepare('SELECT key, value FROM settings ORDER BY key').all() as { key: string; value: string }[];
      return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
    },
  };
}
export type SettingsRepo = ReturnType<typeof settingsRepo>;
