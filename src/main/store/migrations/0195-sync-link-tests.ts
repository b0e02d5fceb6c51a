// The saved tests both sides of a sync link had at its last push or pull (their keys, as JSON): the
// base of the three-way merge that lets a deleted saved test stay deleted (issue 37, round 3).
export const sql = `
ALTER TABLE sync_links ADD COLUMN synced_tests TEXT;
`;
