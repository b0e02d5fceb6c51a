// Credentials user code reads with getCredential(key) (sandbox issue). Values stay on this machine.
export const sql = `
CREATE TABLE credentials (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;
