// Saved test events of a transformation (server-side, used by the test bench and publish tests):
// an ordered list of events, each with optional expected outputs ([] = the event is dropped).
export const sql = `
CREATE TABLE saved_test_events (
  transformation_id TEXT NOT NULL REFERENCES transformations(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT,
  event TEXT NOT NULL,
  expected TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (transformation_id, position)
);
`;
