// Shared shape of the asynchronous host capabilities (fetch, fetchV2, geolocation). The isolate
// sends the call's arguments as one JSON string (a copy made in the isolate); the host checks
// them, does the work and answers with a JSON string the isolate parses. Nothing else crosses.

import type { NetworkCall } from '../types';

export type HostAnswer = { ok: true; value: unknown } | { ok: false; message: string };

export interface HostCallEnv {
  allowPrivateNetwork: boolean;
  geolocationUrl?: string;
  /** Deadline of one request. */
  timeoutMs: number;
  /** Where fetch/fetchV2 record their calls for the run's result. */
  network?: NetworkCall[];
}

export type HostCallHandler = (args: unknown[], env: HostCallEnv) => Promise<HostAnswer>;

export const fail = (message: string): HostAnswer => ({ ok: false, message });

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
