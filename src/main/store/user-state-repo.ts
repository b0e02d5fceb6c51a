import { inTransaction, type Db } from './database';

/** The UI's own state (drafts, test sets, bench context, preferences) as key → text. */
export function userStateRepo(db: Db) {
  const all = db.prepare('SELECT key, value FROM user_state ORDER BY key');
  const count = db.prepare('SELECT COUNT(*) AS n FROM user_state');
  const has = db.prepare('SELECT 1 FROM user_state WHERE key = ?');
  const put = db.prepare('INSERT INTO user_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at');
  const remove = db.prepare('DELETE FROM user_state WHERE key = ?');
  return {
    all: (): Record<string, string> => Object.fromEntries((all.all() as { key: string; value: string }[]).map((r) => [r.key, r.value])),
    count: (): number => (count.get() as { n: number }).n,
    has: (key: string): boolean => has.get(key) !== undefined,
    put: (key: string, value: string, at: string): void => void put.run(key, value, at),
    remove: (key: string): boolean => remove.run(key).changes > 0,
    /** Sets the keys not stored yet (a browser's old local state moving in); the core's win. */
    importMissing(entries: Record<string, string>, at: string): number {
      let added = 0;
      inTransaction(db, () => {
        for (const [key, value] of Object.entries(entries)) {
          if (has.get(key) !== undefined) continue;
          put.run(key, value, at);
          added++;
        }
      });
      return added;
    },
  };
}
export type UserStateRepo = ReturnType<typeof userStateRepo>;
