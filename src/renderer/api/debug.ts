import type { CdpCommandRequest, DebugSessionEvent, DebugStarted, DebugStartRequest, ProfileStartRequest, ProfileState } from '../../shared/api/debug';
import { request } from './client';
import { readServerEvents } from './server-events';

// The debugger and profiler of the studio API: a debug session's events come as server-sent
// events, read with fetch (it carries the Authorization header, which EventSource cannot).

export const debugApi = {
  start: (body: DebugStartRequest) => request<DebugStarted>('POST', '/studio/api/debug/sessions', body),
  command: <T = unknown>(id: string, method: CdpCommandRequest['method'], params: Record<string, unknown> = {}) =>
    request<{ result: T }>('POST', `/studio/api/debug/sessions/${encodeURIComponent(id)}/commands`, { method, params }).then((answer) => answer.result),
  stop: (id: string) => request<void>('DELETE', `/studio/api/debug/sessions/${encodeURIComponent(id)}`),
  startProfile: (body: ProfileStartRequest) => request<ProfileState>('POST', '/studio/api/profiles', body),
  profile: (id: string) => request<ProfileState>('GET', `/studio/api/profiles/${encodeURIComponent(id)}`),
  cancelProfile: (id: string) => request<ProfileState>('POST', `/studio/api/profiles/${encodeURIComponent(id)}/cancel`),
};

/**
 * Reads a session's events until it ends or `signal` aborts (closing the stream tells the core
 * nobody watches: the session ends a few seconds later).
 */
export async function readSessionEvents(id: string, onEvent: (event: DebugSessionEvent) => void, signal: AbortSignal): Promise<void> {
  try {
    await readServerEvents(`/studio/api/debug/sessions/${encodeURIComponent(id)}/events`, onEvent, signal);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Error(`The debug session's events cannot be read (${(error as Error).message}).`);
  }
}
