import type { Db } from './database';

export interface Account {
  email: string;
  workspaceId: string;
  createdAt: string;
}

/** The one local account: management API credentials (the token only in its stored, hashed form). */
export function accountRepo(db: Db) {
  const get = db.prepare('SELECT email, token_hash, workspace_id, created_at FROM account WHERE id = 1');
  return {
    get(): Account | undefined {
      const row = get.get() as { email: string; workspace_id: string; created_at: string } | undefined;
      return row && { email: row.email, workspaceId: row.workspace_id, createdAt: row.created_at };
    },
    /** Creates the account with the token's stored form (security/token-hash.ts). */
    create(email: string, tokenHash: string, workspaceId: string): Account {
      const createdAt = new Date().toISOString();
      db.prepare('INSERT INTO account (id, email, token_hash, workspace_id, created_at) VALUES (1, ?, ?, ?, ?)').run(email, tokenHash, workspaceId, createdAt);
      return { email, workspaceId, createdAt };
    },
    /** The e-mail and stored token form to check presented credentials against. */
    credentials(): { email: string; tokenHash: string } | undefined {
      const row = get.get() as { email: string; token_hash: string } | undefined;
      return row && { email: row.email, tokenHash: row.token_hash };
    },
    setTokenHash(tokenHash: string): void {
      db.prepare('UPDATE account SET token_hash = ? WHERE id = 1').run(tokenHash);
    },
  };
}
export type AccountRepo = ReturnType<typeof accountRepo>;
