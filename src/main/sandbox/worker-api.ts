// The sandbox room's second front door, for workers of other rooms whose jobs run in the
// background sandbox process (child/workers.ts): what a worker module gets and must give. It
// loads in that process, so it exports only light code (no process pool, no core).
export type { SandboxWorker, WorkerFactory, WorkerTools } from './child/workers';
export { WORK_RUNS_IN_FLIGHT, type WorkSide } from './protocol/messages';
export type { GroupedLines } from './protocol/grouped';
export { payloadOf } from './protocol/payload';
export type { EventMetadata, StoredEvents, TargetIds } from './types';
