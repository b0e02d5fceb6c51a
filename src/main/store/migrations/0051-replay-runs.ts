// Replay runs: the job (targets with their code snapshot, progress, running summary), its
// inputs (captured event ids in order, or imported events), per-batch logs and per-event results.
// Results, logs and progress of a batch are written in one transaction, so a restart finds
// either the whole batch or none of it.
export const sql = `
CREATE TABLE replay_runs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('replay', 'compare')),
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled', 'interrupted')),
  source TEXT NOT NULL,
  target_a TEXT NOT NULL,
  target_b TEXT,
  total INTEGER NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  summary TEXT NOT NULL,
  error TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX replay_runs_by_created ON replay_runs (created_at);

CREATE TABLE replay_inputs (
  run_id TEXT NOT NULL REFERENCES replay_runs(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  event_seq INTEGER,
  event TEXT,
  PRIMARY KEY (run_id, position)
) WITHOUT ROWID;

CREATE TABLE replay_batches (
  run_id TEXT NOT NULL REFERENCES replay_runs(id) ON DELETE CASCADE,
  first_position INTEGER NOT NULL,
  logs_a TEXT NOT NULL,
  logs_b TEXT,
  PRIMARY KEY (run_id, first_position)
) WITHOUT ROWID;

CREATE TABLE replay_results (
  run_id TEXT NOT NULL REFERENCES replay_runs(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  batch_position INTEGER NOT NULL,
  event_seq INTEGER,
  message_id TEXT,
  outputs_a TEXT NOT NULL,
  error_a TEXT,
  outputs_b TEXT,
  error_b TEXT,
  change TEXT,
  paths TEXT,
  duration_ms REAL NOT NULL,
  PRIMARY KEY (run_id, position)
) WITHOUT ROWID;
CREATE INDEX replay_results_by_change ON replay_results (run_id, change, position);
`;
