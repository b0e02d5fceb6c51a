// Event capture (event collection API): one row per accepted request (raw body) and one per
// accepted event (enriched JSON plus the columns the studio filters on). `seq` is the
// delivery order and never reused (AUTOINCREMENT), so destination cursors stay valid after
// deletes. The events of one request have contiguous seqs: event_requests is keyed by the
// first one and also records the last.
export const sql = `
CREATE TABLE event_requests (
  first_seq INTEGER PRIMARY KEY,
  last_seq INTEGER NOT NULL,
  source_id TEXT NOT NULL,
  call_type TEXT NOT NULL,
  request_ip TEXT,
  received_at TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX event_requests_received_at ON event_requests (received_at);

CREATE TABLE captured_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  source_id TEXT NOT NULL,
  type TEXT NOT NULL,
  event_name TEXT,
  user_id TEXT,
  anonymous_id TEXT,
  message_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  event TEXT NOT NULL
);
CREATE INDEX captured_events_source ON captured_events (source_id, seq);
CREATE INDEX captured_events_type ON captured_events (type, seq);
CREATE INDEX captured_events_event_name ON captured_events (event_name, seq);
CREATE INDEX captured_events_user_id ON captured_events (user_id, seq);
CREATE INDEX captured_events_anonymous_id ON captured_events (anonymous_id, seq);
CREATE INDEX captured_events_message_id ON captured_events (message_id);
CREATE INDEX captured_events_received_at ON captured_events (received_at);
`;
