// What a save records beside the code: the author's optional message and the outcome of the
// saved tests run on save (passed / failed / not-tested, with a one-line summary).
export const sql = `
ALTER TABLE transformation_versions ADD COLUMN message TEXT;
ALTER TABLE transformation_versions ADD COLUMN test_status TEXT CHECK (test_status IN ('passed', 'failed', 'not-tested'));
ALTER TABLE transformation_versions ADD COLUMN test_summary TEXT;
ALTER TABLE library_versions ADD COLUMN message TEXT;
`;
