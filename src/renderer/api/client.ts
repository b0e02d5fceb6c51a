import type { ErrorBody, Health, StudioInfo, Success } from '../../shared/api/common';
import type { VersionOrder } from '../../shared/api/management';
import { CORE_DOWN, coreConnection } from './core-connection';
import type { LibraryImpact, RunTestsBody, SavedTestEvent, SavedTestEvents, TestsRun } from '../../shared/api/test-events';
import type { StudioLibraryVersion, StudioTransformationVersion } from '../../shared/api/versions';
import type { LibraryCallRequest, LibraryCallResponse } from '../../shared/api/library-call';
import type { SyntaxCheckResponse } from '../../shared/api/syntax-check';
import type { CreateReplayRun, ReplayRun, ResultsPage, ResultsQuery, SaveAsTestsBody } from '../../shared/api/replay';
import type { OrphansPage, OrphansQuery } from '../../shared/api/replay-orphans';
import type {
  Library,
  LibraryVersion,
  PublishBody,
  PublishResult,
  SaveBody,
  TestRequest,
  TestResponse,
  Transformation,
  TransformationVersion,
} from './types';

/** An API error with the server's message, ready to show to the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ErrorBody,
  ) {
    super(message);
  }
}

const STORAGE_KEY = 'studio.auth';

/** Credentials for the management/studio API: desktop session, login link, or login form. */
export const auth = {
  get(): string | undefined {
    return sessionStorage.getItem(STORAGE_KEY) ?? localStorage.getItem(STORAGE_KEY) ?? undefined;
  },
  set(email: string, token: string, remember = false): void {
    const value = btoa(`${email}:${token}`);
    sessionStorage.setItem(STORAGE_KEY, value);
    if (remember) localStorage.setItem(STORAGE_KEY, value);
  },
  setEncoded(base64url: string): void {
    const standard = base64url.replace(/-/g, '+').replace(/_/g, '/');
    sessionStorage.setItem(STORAGE_KEY, standard + '='.repeat((4 - (standard.length % 4)) % 4));
  },
  clear(): void {
    sessionStorage.removeItem(STORAGE_KEY);
    localStorage.removeItem(STORAGE_KEY);
  },
};

/** Fired on window when the server refuses the stored credentials (e.g. it restarted with a new session). */
export const UNAUTHORIZED_EVENT = 'studio-unauthorized';

/** Typed fetch against the same HTTP APIs any external client uses. */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const credentials = auth.get();
  if (credentials) headers.Authorization = `Basic ${credentials}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // While the core is gone only its health is asked (core-connection.ts): no flood of failing requests.
  if (coreConnection.isDown()) throw new ApiError(0, CORE_DOWN);
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    coreConnection.lost();
    throw new ApiError(0, 'The studio server cannot be reached. Is it still running?');
  }
  coreConnection.reached();
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (response.status === 401 && credentials) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  if (!response.ok) {
    const errorBody = (typeof parsed === 'object' && parsed ? parsed : { error: String(parsed ?? response.statusText) }) as ErrorBody;
    throw new ApiError(response.status, errorBody.error ?? `HTTP ${response.status}`, errorBody);
  }
  return parsed as T;
}

export type { StudioInfo };

/** `?a=1&b=x` from the defined entries of `params` ('' when none). */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const id = (value: string) => encodeURIComponent(value);
export type { VersionOrder };

/** The calls of one versioned-artifact kind: list, read, create, update (new version), delete, versions. */
function artifactEndpoints<A, V, S, ListKey extends string, VersionsKey extends string>(base: string) {
  const publishing = (publish: boolean) => queryString({ publish: publish || undefined });
  return {
    list: () => request<Record<ListKey, A[]>>('GET', base),
    get: (aid: string) => request<A>('GET', `${base}/${id(aid)}`),
    create: (body: SaveBody, publish = false) => request<A>('POST', `${base}${publishing(publish)}`, body),
    update: (aid: string, body: SaveBody, publish = false) => request<A>('POST', `${base}/${id(aid)}${publishing(publish)}`, body),
    remove: (aid: string) => request<Success>('DELETE', `${base}/${id(aid)}`),
    versions: (aid: string, count = 100, orderBy: VersionOrder = 'DESC') =>
      request<Record<VersionsKey, V[]>>('GET', `${base}/${id(aid)}/versions${queryString({ count, orderBy })}`),
    version: (aid: string, versionId: string) => request<V>('GET', `${base}/${id(aid)}/versions/${id(versionId)}`),
    /** Version history with number, message (and test status), newest first (studio API). */
    studioVersions: (aid: string) => request<{ versions: S[] }>('GET', `/studio/api${base}/${id(aid)}/versions`),
  };
}

export const api = {
  health: () => request<Health>('GET', '/studio/health'),
  info: () => request<StudioInfo>('GET', '/studio/api/info'),

  /** Transformations of the management API (seed 000). */
  transformations: artifactEndpoints<Transformation, TransformationVersion, StudioTransformationVersion, 'transformations', 'TransformationVersions'>('/transformations'),
  /** Libraries of the management API (seed 000). */
  libraries: artifactEndpoints<Library, LibraryVersion, StudioLibraryVersion, 'libraries', 'libraryVersions'>('/libraries'),

  /** Calls one exported function of (unsaved) library code in the sandbox. */
  callLibrary: (body: LibraryCallRequest) => request<LibraryCallResponse>('POST', '/studio/api/libraries/call', body),

  /** Compiles code with the run's parser (nothing runs): what a run would say about its syntax. */
  syntaxCheck: (code: string) => request<SyntaxCheckResponse>('POST', '/studio/api/syntax-check', { code }),

  /** Publishes versions after the server tests them; a failed test answers 400 with `published: false`. */
  publish: (body: PublishBody) => request<PublishResult>('POST', '/transformations/libraries/publish', body),

  /** Runs code on events in the sandbox without saving anything. */
  test: (body: TestRequest) => request<TestResponse>('POST', '/studio/api/test', body),

  /** Saved test events of a transformation (publish runs them when it is given no test input). */
  getTestEvents: (tid: string) => request<SavedTestEvents>('GET', `/studio/api/transformations/${id(tid)}/test-events`),
  putTestEvents: (tid: string, events: SavedTestEvent[]) =>
    request<SavedTestEvents>('PUT', `/studio/api/transformations/${id(tid)}/test-events`, { events }),
  appendTestEvents: (tid: string, events: SavedTestEvent[]) =>
    request<SavedTestEvents>('POST', `/studio/api/transformations/${id(tid)}/test-events`, { events }),
  /** The transformation's tests on unsaved code (or a version): what saving it would record, what publish requires. */
  runTests: (tid: string, body: RunTestsBody) => request<TestsRun>('POST', `/studio/api/transformations/${id(tid)}/tests/run`, body),
  /** A library version's tests again (its importers' saved tests with it), recorded on it as on save. */
  runLibraryTests: (lid: string, versionId: string) => request<LibraryImpact>('POST', `/studio/api/libraries/${id(lid)}/tests/run`, { versionId }),

  /** Replay runs and compares (background jobs on the server). */
  createReplayRun: (body: CreateReplayRun) => request<ReplayRun>('POST', '/studio/api/replay/runs', body),
  listReplayRuns: () => request<{ runs: ReplayRun[] }>('GET', '/studio/api/replay/runs'),
  getReplayRun: (rid: string) => request<ReplayRun>('GET', `/studio/api/replay/runs/${id(rid)}`),
  replayResults: (rid: string, query: ResultsQuery) =>
    request<ResultsPage>('GET', `/studio/api/replay/runs/${id(rid)}/results${queryString({ ...query })}`),
  replayOrphans: (rid: string, query: OrphansQuery = {}) => request<OrphansPage>('GET', `/studio/api/replay/runs/${id(rid)}/orphans${queryString({ ...query })}`),
  cancelReplayRun: (rid: string) => request<ReplayRun>('POST', `/studio/api/replay/runs/${id(rid)}/cancel`),
  resumeReplayRun: (rid: string) => request<ReplayRun>('POST', `/studio/api/replay/runs/${id(rid)}/resume`),
  deleteReplayRun: (rid: string) => request<Success>('DELETE', `/studio/api/replay/runs/${id(rid)}`),
  saveRunAsTests: (rid: string, body: SaveAsTestsBody) => request<SavedTestEvents>('POST', `/studio/api/replay/runs/${id(rid)}/save-as-tests`, body),
};
