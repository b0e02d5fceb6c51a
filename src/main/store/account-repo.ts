import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from './database';

export interface Account {
  email: string;
  workspaceId: string;
  createdAt: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** The one local account: management API credentials (token stored as a SHA-256 hash). */
export function accountRepo(db: Db) {
  const get = db.prepare('SELECT email, token_hash, workspace_id, created_at FROM account WHERE id = 1');
  return {
    get(): Account | undefined {
      const row = get.get() as { email: string; workspace_id: string; created_at: string } | undefined;
      return row && { email: row.email, workspaceId: row.workspace_id, createdAt: row.created_at };
    },
    create(email: string, token: string, workspaceId: string): Account {
      const createdAt = new Date().toISOString();
      db.prepare('INSERT INTO account (id, email, token_hash, workspace_id, created_at) VALUES (1, ?, ?, ?, ?)').run(
        email,
        hashToken(token).toString('hex'),
        workspaceId,
        createdAt,
      );
      return { email, workspaceId, createdAt };
    },
    setToken(token: string): void {
      db.prepare('UPDATE account SET token_hash = ? WHERE id = 1').run(hashToken(token).toString('hex'));
    },
    /** Constant-time check of a presented email and token. */
    verify(email: string, token: string): boolean {
      const row = get.get() as { email: string; token_hash: string } | undefined;
      if (!row) return false;
      const expected = Buffer.from(row.token_hash, 'hex');
      const actual = hashToken(token);
      return timingSafeEqual(expected, actual) && email === row.email;
    },
  };
}
export type AccountRepo = ReturnType<typeof accountRepo>;
