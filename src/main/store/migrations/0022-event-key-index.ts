// Write-optimised capture. Every secondary B-tree index on captured_events costs the
// ingestion transaction CPU per event and, for random keys (userId, anonymousId,
// messageId), a page write per event per index on every commit; together they capped
// ingestion far below its target. So captured_events keeps only its primary key (seq), and:
// - lookups by source, event name, userId, anonymousId and messageId use event_keys,
//   (hash of key, seq) rows added by a background indexer in large batches; queries combine
//   it with a scan of the not-yet-indexed tail (seq > indexed_upto), so results stay complete;
// - type has a handful of values: filters scan newest-first, which finds matches quickly;
// - receivedAt grows with seq: time ranges become seq ranges by binary search.
// The columns themselves are still written in the capture transaction.
export const sql = `
DROP INDEX captured_events_source;
DROP INDEX captured_events_type;
DROP INDEX captured_events_event_name;
DROP INDEX captured_events_user_id;
DROP INDEX captured_events_anonymous_id;
DROP INDEX captured_events_message_id;
DROP INDEX captured_events_received_at;
DROP INDEX event_requests_received_at;

CREATE TABLE event_keys (
  h INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (h, seq)
) WITHOUT ROWID;
CREATE INDEX event_keys_seq ON event_keys (seq);

CREATE TABLE event_key_cursor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_upto INTEGER NOT NULL
);
INSERT INTO event_key_cursor (id, indexed_upto) VALUES (1, 0);
`;
