import { Type, type Static } from 'typebox';
import { JsonObject } from './test-events';

// A replay run's outputs that name no input event (e.g. new events of transformBatch), read page
// by page: the pipeline delivers them after a batch's other outputs, and so a compare counts and
// shows them (summary.a.orphans, summary.b.orphans).

export const OrphansQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type OrphansQuery = Static<typeof OrphansQuery>;

/** A batch's outputs that name no input event, per side (as the pipeline delivers them after the batch's other outputs). */
export const OrphanBatch = Type.Object({
  position: Type.Integer({ description: "Position of the batch's first input" }),
  a: Type.Array(JsonObject),
  b: Type.Union([Type.Array(JsonObject), Type.Null()]),
  changed: Type.Union([Type.Boolean(), Type.Null()], { description: "Compare: B's outputs naming no input event differ from A's in this batch (by value, in order); null for a replay" }),
});
export const OrphansPage = Type.Object({ batches: Type.Array(OrphanBatch), offset: Type.Integer() });
export type OrphansPage = Static<typeof OrphansPage>;
