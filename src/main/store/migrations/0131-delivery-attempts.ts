// Per-event deliveries: each result keeps its own log lines (batch-level lines stay once on
// its batch), its event name, the last HTTP status and latency, and when it is tried next;
// every attempt (HTTP status, latency, bounded response body, error) has a row. Retries over
// time: a queued retry is due at next_attempt_at, after `failures` scheduled rounds since
// first_failed_at (the back-off and the maximum age are computed from these).
export const sql = `
ALTER TABLE deliveries ADD COLUMN logs TEXT;
ALTER TABLE deliveries ADD COLUMN event_name TEXT;
ALTER TABLE deliveries ADD COLUMN status_code INTEGER;
ALTER TABLE deliveries ADD COLUMN latency_ms REAL;
ALTER TABLE deliveries ADD COLUMN next_attempt_at TEXT;

CREATE TABLE delivery_attempts (
  id INTEGER PRIMARY KEY,
  delivery_id INTEGER NOT NULL REFERENCES deliveries(id) ON DELETE CASCADE,
  output_index INTEGER NOT NULL,
  at TEXT NOT NULL,
  status_code INTEGER,
  latency_ms REAL NOT NULL,
  response_body TEXT,
  error TEXT
);
CREATE INDEX delivery_attempts_by_delivery ON delivery_attempts (delivery_id, id);

ALTER TABLE delivery_retries ADD COLUMN next_attempt_at TEXT;
ALTER TABLE delivery_retries ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE delivery_retries ADD COLUMN first_failed_at TEXT;
CREATE INDEX delivery_retries_due ON delivery_retries (destination_id, next_attempt_at);
CREATE INDEX deliveries_by_destination_event ON deliveries (destination_id, event_seq);
`;
