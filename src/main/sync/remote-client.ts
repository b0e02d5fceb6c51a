import type { Library, LibraryVersion, Transformation, TransformationVersion } from '../../shared/api/management';
import { StudioError } from '../errors';
import type { SavedTestEventRecord } from '../store/test-events-repo';

/** Why a call to a remote failed, in words a user can act on. */
export type RemoteFailureKind = 'unreachable' | 'tls' | 'timeout' | 'unauthorized' | 'wrong_base_url' | 'rejected' | 'bad_answer';

export class RemoteError extends StudioError {
  constructor(
    readonly kind: RemoteFailureKind,
    message: string,
    readonly status?: number,
    readonly answer?: unknown,
  ) {
    super('remote_failed', message, { kind, ...(status ? { remoteStatus: status } : {}), ...(answer !== undefined ? { remoteAnswer: answer } : {}) });
  }
}

export interface RemoteTarget {
  baseUrl: string;
  email: string;
  token: string;
  timeoutMs?: number;
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/i;

function networkFailure(error: unknown, url: string, timeoutMs: number): RemoteError {
  const e = error as { name?: string; cause?: { code?: string; message?: string }; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return new RemoteError('timeout', `the remote did not answer within ${timeoutMs / 1000} s (${url})`);
  const code = e.cause?.code ?? '';
  const detail = e.cause?.message ?? e.message ?? '';
  if (TLS_CODES.test(code) || TLS_CODES.test(detail)) return new RemoteError('tls', `TLS failed for ${url}: ${detail || code} (check the certificate or use the right scheme)`);
  return new RemoteError('unreachable', `cannot reach ${url}: ${code || detail || 'connection failed'} (is the remote running, is the URL right?)`);
}

/** A client of a remote management API (hosted or another studio): the calls the hosted clients make. */
export function remoteClient(target: RemoteTarget) {
  const base = target.baseUrl.replace(/\/+$/, '');
  const timeoutMs = target.timeoutMs ?? 15_000;
  const auth = `Basic ${Buffer.from(`${target.email}:${target.token}`).toString('base64')}`;

  const COLLECTIONS = new Set(['/transformations', '/libraries']);

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = base + path;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: auth, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw networkFailure(error, url, timeoutMs);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.status === 401 || response.status === 403) {
      throw new RemoteError('unauthorized', `the remote refused the e-mail and access token (HTTP ${response.status}); check both`, response.status);
    }
    // A 404 on a collection every management API has means the base URL is wrong, whatever the body.
    if (response.status === 404 && (parsed === undefined || COLLECTIONS.has(path))) {
      throw new RemoteError('wrong_base_url', `${url} does not exist (HTTP 404): the management base URL looks wrong`, 404);
    }
    if (!response.ok) {
      const message = (parsed as { error?: string; message?: string } | undefined)?.error ?? (parsed as { message?: string } | undefined)?.message ?? text.slice(0, 500);
      throw new RemoteError('rejected', `the remote answered HTTP ${response.status}: ${message}`, response.status, parsed ?? text.slice(0, 2000));
    }
    if (parsed === undefined) throw new RemoteError('bad_answer', `${url} did not answer JSON: is this a management API base URL?`, response.status);
    return parsed as T;
  }

  return {
    listTransformations: async () => (await call<{ transformations?: Transformation[] }>('GET', '/transformations')).transformations ?? [],
    listLibraries: async () => (await call<{ libraries?: Library[] }>('GET', '/libraries')).libraries ?? [],
    transformationVersions: async (id: string) =>
      (await call<{ TransformationVersions?: TransformationVersion[] }>('GET', `/transformations/${encodeURIComponent(id)}/versions?count=1000&orderBy=asc`)).TransformationVersions ?? [],
    libraryVersions: async (id: string) =>
      (await call<{ libraryVersions?: LibraryVersion[] }>('GET', `/libraries/${encodeURIComponent(id)}/versions?count=1000&orderBy=asc`)).libraryVersions ?? [],
    createTransformation: (body: { name: string; description: string; code: string; language: string; message?: string }) =>
      call<Transformation>('POST', '/transformations?publish=false', body),
    updateTransformation: (id: string, body: { description: string; code: string; language: string; message?: string }) =>
      call<Transformation>('POST', `/transformations/${encodeURIComponent(id)}?publish=false`, body),
    createLibrary: (body: { name: string; description: string; code: string; language: string; message?: string }) =>
      call<Library>('POST', '/libraries?publish=false', body),
    updateLibrary: (id: string, body: { description: string; code: string; language: string; message?: string }) =>
      call<Library>('POST', `/libraries/${encodeURIComponent(id)}?publish=false`, body),
    /** Version messages when the remote is a studio (its versions API); empty when it is not or does not answer. */
    versionMessages: async (kind: 'transformation' | 'library', id: string): Promise<Map<string, string>> => {
      try {
        const answer = await call<{ versions?: { versionId: string; message: string | null }[] }>('GET', `/studio/api/${kind === 'library' ? 'libraries' : 'transformations'}/${encodeURIComponent(id)}/versions`);
        return new Map((answer.versions ?? []).filter((v) => v.message).map((v) => [v.versionId, v.message!]));
      } catch {
        return new Map();
      }
    },
    /** Whether the remote is another studio (its studio API answers), not the hosted service. */
    isStudio: async (): Promise<boolean> => {
      try {
        await call<unknown>('GET', '/studio/api/info');
        return true;
      } catch {
        return false;
      }
    },
    /** A studio remote's saved tests of a transformation. */
    savedTests: async (id: string) => (await call<{ events?: SavedTestEventRecord[] }>('GET', `/studio/api/transformations/${encodeURIComponent(id)}/test-events`)).events ?? [],
    /** Replaces a studio remote's saved tests of a transformation. */
    putSavedTests: (id: string, events: SavedTestEventRecord[]) => call<unknown>('PUT', `/studio/api/transformations/${encodeURIComponent(id)}/test-events`, { events }),
    publish: (body: { transformations: { versionId: string; testInput?: unknown }[]; libraries: { versionId: string }[]; commitId?: string }) =>
      call<{ published: boolean }>('POST', '/transformations/libraries/publish', body),
  };
}
export type RemoteClient = ReturnType<typeof remoteClient>;
