// Transformation versions whose runs crashed a sandbox process: the crash count, and once it
// reaches the limit the pipeline's quarantine (destinations running the version pause, with
// the reason, until the user resumes them or publishes another version).
export const sql = `
CREATE TABLE sandbox_quarantine (
  version_id TEXT PRIMARY KEY,
  crashes INTEGER NOT NULL,
  reason TEXT NOT NULL,
  last_crash_at TEXT NOT NULL,
  quarantined_at TEXT
);
`;
