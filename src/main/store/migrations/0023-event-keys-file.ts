// The lookup keys of captured events move to a database file of their own, written by the
// maintenance worker (see store/event-keys.ts); their tables in this database go.
export const sql = `
DROP TABLE event_keys;
DROP TABLE event_key_cursor;
`;
