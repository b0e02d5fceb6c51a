import type { Db } from './database';

export type SyncKind = 'transformation' | 'library';

export interface RemoteRecord {
  id: string;
  name: string;
  baseUrl: string;
  email: string;
  dataPlaneUrl: string | null;
  createdAt: string;
}

/** What is known of one local item on one remote: its remote id and the state at the last sync. */
export interface LinkRecord {
  remoteId: string;
  kind: SyncKind;
  localId: string;
  remoteItemId: string;
  /** Local version and remote version equal at the last successful sync (null: never synced). */
  syncedLocalVersionId: string | null;
  syncedRemoteVersionId: string | null;
  /** A remote version this studio created whose publish has not succeeded yet (ours, not a remote change). */
  pendingRemoteVersionId: string | null;
  baseName: string | null;
  baseCode: string | null;
  syncedAt: string | null;
  /** The saved tests' keys both sides had after the last push or pull of them (null: never). */
  syncedTests?: string[] | null;
}

const remoteOf = (r: Record<string, string | null>): RemoteRecord => ({
  id: r.id!,
  name: r.name!,
  baseUrl: r.base_url!,
  email: r.email!,
  dataPlaneUrl: r.data_plane_url ?? null,
  createdAt: r.created_at!,
});
const linkOf = (r: Record<string, string | null>): LinkRecord => ({
  remoteId: r.remote_id!,
  kind: r.kind as SyncKind,
  localId: r.local_id!,
  remoteItemId: r.remote_item_id!,
  syncedLocalVersionId: r.synced_local_version_id ?? null,
  syncedRemoteVersionId: r.synced_remote_version_id ?? null,
  pendingRemoteVersionId: r.pending_remote_version_id ?? null,
  baseName: r.base_name ?? null,
  baseCode: r.base_code ?? null,
  syncedAt: r.synced_at ?? null,
  syncedTests: r.synced_tests ? (JSON.parse(r.synced_tests) as string[]) : null,
});

/** Remotes and local <-> remote links. */
export function syncRepo(db: Db) {
  return {
    remotes(): RemoteRecord[] {
      return (db.prepare('SELECT * FROM sync_remotes ORDER BY name').all() as Record<string, string>[]).map(remoteOf);
    },
    remoteByName(name: string): RemoteRecord | undefined {
      const row = db.prepare('SELECT * FROM sync_remotes WHERE name = ?').get(name) as Record<string, string> | undefined;
      return row && remoteOf(row);
    },
    addRemote(r: RemoteRecord): void {
      db.prepare('INSERT INTO sync_remotes (id, name, base_url, email, data_plane_url, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
        r.id, r.name, r.baseUrl, r.email, r.dataPlaneUrl, r.createdAt,
      );
    },
    updateRemote(r: RemoteRecord): void {
      db.prepare('UPDATE sync_remotes SET base_url = ?, email = ?, data_plane_url = ? WHERE id = ?').run(r.baseUrl, r.email, r.dataPlaneUrl, r.id);
    },
    deleteRemote(id: string): boolean {
      return db.prepare('DELETE FROM sync_remotes WHERE id = ?').run(id).changes > 0;
    },
    links(remoteId: string): LinkRecord[] {
      return (db.prepare('SELECT * FROM sync_links WHERE remote_id = ?').all(remoteId) as Record<string, string>[]).map(linkOf);
    },
    /** Records the saved tests' keys both sides have after a push or a pull of them (the link exists). */
    setSyncedTests(remoteId: string, kind: SyncKind, localId: string, keys: string[]): void {
      db.prepare('UPDATE sync_links SET synced_tests = ? WHERE remote_id = ? AND kind = ? AND local_id = ?').run(JSON.stringify(keys), remoteId, kind, localId);
    },
    /** Inserts or replaces the link of one local item (one statement; its synced tests stay). */
    putLink(link: Omit<LinkRecord, 'syncedTests'>): void {
      const { syncedTests: _kept, ...l } = link as LinkRecord;
      db.prepare(
        `INSERT INTO sync_links (remote_id, kind, local_id, remote_item_id, synced_local_version_id, synced_remote_version_id,
           pending_remote_version_id, base_name, base_code, synced_at)
         VALUES (@remoteId, @kind, @localId, @remoteItemId, @syncedLocalVersionId, @syncedRemoteVersionId,
           @pendingRemoteVersionId, @baseName, @baseCode, @syncedAt)
         ON CONFLICT(remote_id, kind, local_id) DO UPDATE SET remote_item_id = excluded.remote_item_id,
           synced_local_version_id = excluded.synced_local_version_id, synced_remote_version_id = excluded.synced_remote_version_id,
           pending_remote_version_id = excluded.pending_remote_version_id, base_name = excluded.base_name,
           base_code = excluded.base_code, synced_at = excluded.synced_at`,
      ).run(l);
    },
  };
}
export type SyncRepo = ReturnType<typeof syncRepo>;
