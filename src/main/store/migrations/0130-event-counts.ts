// Maintained counts of captured events per source, call type and day (the first 10 characters of
// receivedAt, a UTC date), so the Events page's counts need no scan: the capture transaction adds
// its events, every delete subtracts the rows it removes in its own transaction (store/event-counts.ts),
// and a check compares them with count(*) and rebuilds them when they differ. Filled here once.
export const sql = `
CREATE TABLE event_counts (
  source_id TEXT NOT NULL,
  type TEXT NOT NULL,
  day TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (source_id, type, day)
) WITHOUT ROWID;
INSERT INTO event_counts (source_id, type, day, n)
  SELECT source_id, type, substr(received_at, 1, 10), count(*) FROM captured_events GROUP BY 1, 2, 3;
`;
