// A saved test's expectation beyond exact outputs: field checks (path equals / exists / absent /
// matches / type) and the fetch mocks that answer its calls while it runs (JSON arrays).
export const sql = `
ALTER TABLE saved_test_events ADD COLUMN checks TEXT;
ALTER TABLE saved_test_events ADD COLUMN mocks TEXT;
`;
