// A batch of deliveries made by a send (replay to a destination) names it; null: the live pipeline.
export const sql = `
ALTER TABLE delivery_batches ADD COLUMN send_id TEXT;
`;
