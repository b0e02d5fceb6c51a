// What a transformation version's recorded test outcome depended on (the saved tests, the library
// versions it ran with, the settings that change results), as JSON, so a status whose inputs have
// changed since is shown out of date with the reason instead of the old answer (issue 37).
export const sql = `
ALTER TABLE transformation_versions ADD COLUMN test_inputs TEXT;
`;
