// What saving a library version records beside its message: the outcome of its tests (it must
// evaluate, and the transformations that import it must pass their saved tests with it) and a
// one-line summary, as transformation versions have since 0085.
export const sql = `
ALTER TABLE library_versions ADD COLUMN test_status TEXT CHECK (test_status IN ('passed', 'failed', 'not-tested'));
ALTER TABLE library_versions ADD COLUMN test_summary TEXT;
`;
