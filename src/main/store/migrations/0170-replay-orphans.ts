// A replay batch's outputs that name no input event (e.g. new events of transformBatch), per side:
// one JSON array text (null: none). The pipeline delivers them after the batch's other outputs.
export const sql = `
ALTER TABLE replay_batches ADD COLUMN orphans_a TEXT;
ALTER TABLE replay_batches ADD COLUMN orphans_b TEXT;
`;
