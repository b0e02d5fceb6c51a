// What a user makes in the UI besides artifacts (unsaved drafts, saved test sets, the bench's
// events and context, preferences), kept in the core so restarts, ports and browsers keep it.
export const sql = `
CREATE TABLE user_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;
