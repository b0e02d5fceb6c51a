// Shared shape of the asynchronous host capabilities (fetch, fetchV2, geolocation). The isolate
// sends the call's arguments as one JSON string (a copy made in the isolate); the host checks
// them, does the work and answers with a JSON string the isolate parses. Nothing else crosses.

import type { FetchMock, NetworkCall } from '../types';

/**
 * A failure as the hosted runtime hands it to user code: the host error's own properties copied
 * into a plain object (`JSON.parse(JSON.stringify(error, Object.getOwnPropertyNames(error)))`).
 * `name` gives the first line of `stack` (no host frames cross); `fields` are node-fetch's
 * FetchError properties (`type`, `errno`, `code`) when the failure is one.
 */
export interface HostFailure {
  message: string;
  name?: string;
  fields?: Record<string, string>;
}

export type HostAnswer = { ok: true; value: unknown } | ({ ok: false } & HostFailure);

export interface HostCallEnv {
  allowPrivateNetwork: boolean;
  geolocationUrl?: string;
  /** Deadline of one request. */
  timeoutMs: number;
  /** Where fetch/fetchV2 record their calls for the run's result. */
  network?: NetworkCall[];
  /** A test's fetch mocks: matching calls are answered by them, not the network. */
  fetchMocks?: FetchMock[];
}

export type HostCallHandler = (args: unknown[], env: HostCallEnv) => Promise<HostAnswer>;

export const fail = (message: string, name?: string, fields?: Record<string, string>): HostAnswer => ({
  ok: false,
  message,
  ...(name ? { name } : {}),
  ...(fields ? { fields } : {}),
});

/** The failure of a thrown host error, keeping a FetchError's name and fields. */
export const failWith = (error: unknown): HostAnswer =>
  error instanceof FetchError ? fail(error.message, 'FetchError', error.fields) : fail(errorMessage(error), error instanceof TypeError ? 'TypeError' : undefined);

/** What the isolate's settle receives for a failure (JSON). */
export const failurePayload = (answer: HostFailure) => ({ message: answer.message, name: answer.name ?? 'Error', fields: answer.fields ?? null });

/** node-fetch's FetchError: `type` ('system', 'request-timeout', 'max-redirect', …) and, for system errors, `errno` = `code`. */
export class FetchError extends Error {
  readonly fields: Record<string, string>;
  constructor(message: string, type: string, systemCode?: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.fields = systemCode ? { type, errno: systemCode, code: systemCode } : { type };
  }
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
