// Replay results stored per batch: a row per batch holds every event's outputs (one JSON array
// text per input position, a line feed between them), B's only when they differ from A's,
// the events' messageIds and the per-event duration. replay_results then keeps only the events a
// filter can find (failed, dropped, or changed by B), as before, outputs included. Batches stored
// before this have no row here and a row per event in replay_results. A rowid table: large rows
// in the WITHOUT ROWID replay_batches were measured twice as slow to insert.
export const sql = `
CREATE TABLE replay_batch_outputs (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES replay_runs(id) ON DELETE CASCADE,
  first_position INTEGER NOT NULL,
  outputs_a TEXT NOT NULL,
  outputs_b TEXT,
  message_ids TEXT NOT NULL,
  duration_ms REAL NOT NULL,
  UNIQUE (run_id, first_position)
);
`;
