// Send jobs: re-send captured or imported events to the local event API or a remote data
// plane. One row per event with its status; 'accepted' events are never sent again in the job.
export const sql = `
CREATE TABLE replay_sends (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'cancelled', 'interrupted')),
  source TEXT NOT NULL,
  target_kind TEXT NOT NULL CHECK (target_kind IN ('local', 'remote')),
  url TEXT NOT NULL,
  write_key TEXT NOT NULL,
  rate_per_second INTEGER NOT NULL,
  total INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);

CREATE TABLE replay_send_events (
  send_id TEXT NOT NULL REFERENCES replay_sends(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  event_seq INTEGER,
  event TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected', 'failed')),
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (send_id, position)
) WITHOUT ROWID;
CREATE INDEX replay_send_events_by_status ON replay_send_events (send_id, status, position);
`;
