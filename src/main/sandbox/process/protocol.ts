import type { RunLimits } from '../run';
import type { RuntimeLimits } from '../runtime-source';
import type { NetworkCall, SandboxLibrary } from '../types';

// The compact protocol between the core and a sandbox process, over the fork IPC channel with
// 'advanced' serialization (structured clone: the batch travels as one JSON string, copied once,
// never re-escaped). Batches in, results out; everything a run needs from the core (settings,
// credential values, library code) comes with the request, so a run never waits on the core.

/** Warm-pool limits of one sandbox process (its share of the global budget). */
export interface PoolConfig {
  capacity: number;
  memoryBudgetMb: number;
  idleMs: number;
}

export interface RunRequest {
  type: 'run';
  id: number;
  /** Warm-isolate key (version ids, or a hash of the code). */
  key: string;
  name: string;
  code: string;
  libraries: SandboxLibrary[];
  memoryLimitMb: number;
  timeoutMs: number;
  runtime: RuntimeLimits;
  /** `{"e":[events],"m":[metadata]|null}` */
  payload: string;
  limits: RunLimits;
  allowPrivateNetwork: boolean;
  geolocationUrl?: string;
  /** Values getCredential(key) answers. */
  credentials: Record<string, string>;
}

export interface LibraryTestRequest {
  type: 'library';
  id: number;
  library: SandboxLibrary;
  memoryLimitMb: number;
  timeoutMs: number;
}

export interface ConfigMessage {
  type: 'config';
  pool: PoolConfig;
}

export type CoreMessage = RunRequest | LibraryTestRequest | ConfigMessage;

export interface SerializedError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export type ProcessReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; json?: string; network?: NetworkCall[] }
  | { type: 'failed'; id: number; error: SerializedError };
