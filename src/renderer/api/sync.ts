import type { Success } from '../../shared/api/common';
import type { ChangeItem, ConnectionResult, ItemRef, Remote, RemoteInput, RemoteUpdate, ResolveRequest, SyncOutcome, SyncStatus } from '../../shared/api/sync';
import { request } from './client';

export type { ChangeItem, ConnectionResult, ItemRef, Remote, RemoteInput, RemoteUpdate, SyncOutcome, SyncStatus };

const r = (name: string) => `/studio/api/remotes/${encodeURIComponent(name)}`;

/** Remotes and sync (the same endpoints the CLI uses). */
export const syncApi = {
  remotes: () => request<{ remotes: Remote[] }>('GET', '/studio/api/remotes'),
  addRemote: (body: RemoteInput) => request<Remote>('POST', '/studio/api/remotes', body),
  updateRemote: (name: string, body: RemoteUpdate) => request<Remote>('PATCH', r(name), body),
  removeRemote: (name: string) => request<Success>('DELETE', r(name)),
  test: (name: string) => request<ConnectionResult>('POST', `${r(name)}/test`),
  changes: (name: string) => request<SyncStatus>('GET', `${r(name)}/changes`),
  push: (name: string, items?: ItemRef[]) => request<SyncOutcome>('POST', `${r(name)}/push`, items ? { items } : {}),
  pull: (name: string, items?: ItemRef[]) => request<SyncOutcome>('POST', `${r(name)}/pull`, items ? { items } : {}),
  resolve: (name: string, body: ResolveRequest) => request<SyncStatus>('POST', `${r(name)}/resolve`, body),
};
