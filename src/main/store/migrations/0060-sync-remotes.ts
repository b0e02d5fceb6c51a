// Remotes (another Transformation Studio or the hosted service) and the mapping of local
// transformations/libraries to remote ones with what was last synced. Tokens are not here.
export const sql = `
CREATE TABLE sync_remotes (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  base_url TEXT NOT NULL,
  email TEXT NOT NULL,
  data_plane_url TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE sync_links (
  remote_id TEXT NOT NULL REFERENCES sync_remotes(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('transformation', 'library')),
  local_id TEXT NOT NULL,
  remote_item_id TEXT NOT NULL,
  synced_local_version_id TEXT,
  synced_remote_version_id TEXT,
  pending_remote_version_id TEXT,
  base_name TEXT,
  base_code TEXT,
  synced_at TEXT,
  PRIMARY KEY (remote_id, kind, local_id)
);
CREATE UNIQUE INDEX sync_links_remote_item ON sync_links(remote_id, kind, remote_item_id);
`;
