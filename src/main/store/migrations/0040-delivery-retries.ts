// "Retry failed": the captured events a destination must deliver again (taken before its
// cursor's queue), and an index for per-destination status counts and last failure/success.
export const sql = `
CREATE TABLE delivery_retries (
  destination_id TEXT NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
  event_seq INTEGER NOT NULL,
  PRIMARY KEY (destination_id, event_seq)
) WITHOUT ROWID;
CREATE INDEX deliveries_by_destination_status ON deliveries (destination_id, status, id);
`;
