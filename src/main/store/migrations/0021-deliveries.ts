// Delivery pipeline: one cursor per destination over captured_events.seq (the durable
// queue), one row per processed batch (logs of the transformation run) and one result per
// input event (output events, error, status, attempts).
export const sql = `
CREATE TABLE delivery_cursors (
  destination_id TEXT PRIMARY KEY REFERENCES destinations(id) ON DELETE CASCADE,
  last_seq INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

CREATE TABLE delivery_batches (
  id INTEGER PRIMARY KEY,
  destination_id TEXT NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
  transformation_id TEXT,
  transformation_version_id TEXT,
  first_seq INTEGER NOT NULL,
  last_seq INTEGER NOT NULL,
  event_count INTEGER NOT NULL,
  logs TEXT NOT NULL DEFAULT '[]',
  error TEXT,
  duration_ms REAL NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX delivery_batches_by_destination ON delivery_batches (destination_id, id);

CREATE TABLE deliveries (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES delivery_batches(id) ON DELETE CASCADE,
  destination_id TEXT NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
  event_seq INTEGER,
  source_id TEXT,
  message_id TEXT,
  event_type TEXT,
  status TEXT NOT NULL CHECK (status IN ('delivered', 'failed', 'dropped', 'filtered')),
  output TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX deliveries_by_destination ON deliveries (destination_id, id);
CREATE INDEX deliveries_by_batch ON deliveries (batch_id);
CREATE INDEX deliveries_by_event ON deliveries (event_seq);
CREATE INDEX deliveries_by_status ON deliveries (status, id);
CREATE INDEX deliveries_by_message ON deliveries (message_id);
CREATE INDEX deliveries_by_created_at ON deliveries (created_at);
`;
