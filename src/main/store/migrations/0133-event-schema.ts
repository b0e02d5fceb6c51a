// The event schema learned from captured events (issue 33): per event bucket (source, call type,
// event name, UTC day of receipt) its count and its property paths with types, counts and samples.
// Derived data, filled by a background fold that reads captured_events past `folded_upto`; the
// capture transaction never touches these tables. Day buckets let retention forget old days and
// let the Schema view filter by time window.
export const sql = `
CREATE TABLE schema_events (
  source_id TEXT NOT NULL,
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  paths INTEGER NOT NULL,
  dropped INTEGER NOT NULL,
  first_seen TEXT NOT NULL,
  last_seen TEXT NOT NULL,
  PRIMARY KEY (source_id, type, name, day)
) WITHOUT ROWID;

CREATE TABLE schema_paths (
  source_id TEXT NOT NULL,
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  count INTEGER NOT NULL,
  types TEXT NOT NULL,
  samples TEXT NOT NULL,
  first_seen TEXT NOT NULL,
  last_seen TEXT NOT NULL,
  PRIMARY KEY (source_id, type, name, day, path)
) WITHOUT ROWID;

CREATE TABLE schema_cursor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  folded_upto INTEGER NOT NULL
);
INSERT INTO schema_cursor (id, folded_upto) VALUES (1, 0);
`;
