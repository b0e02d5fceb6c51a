// A failed delivery that may pass: its attempts so far counted towards its destination's maximum
// (retry_failures) and that maximum when it was planned (retry_max); both null for a result that
// is not retried (delivered, a 4xx, the code's error). Failed, retry_failures set and
// next_attempt_at null: given up.
export const sql = `
ALTER TABLE deliveries ADD COLUMN retry_failures INTEGER;
ALTER TABLE deliveries ADD COLUMN retry_max INTEGER;
`;
