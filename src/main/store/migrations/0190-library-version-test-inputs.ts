// What a library version's recorded test outcome depended on (each importer's latest version, its
// saved tests and the rest of its run's inputs), as JSON, so the status of a library's latest
// version is shown out of date with the reason, and run again, when one of them changes (issue 37).
export const sql = `
ALTER TABLE library_versions ADD COLUMN test_inputs TEXT;
`;
