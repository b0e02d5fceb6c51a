import type { ErrorBody } from '../../shared/errors';

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

/** Typed fetch against the same HTTP APIs any external client uses. */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const credentials = auth.get();
  if (credentials) headers.Authorization = `Basic ${credentials}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'The studio server cannot be reached. Is it still running?');
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const errorBody = (typeof parsed === 'object' && parsed ? parsed : { error: String(parsed ?? response.statusText) }) as ErrorBody;
    throw new ApiError(response.status, errorBody.error ?? `HTTP ${response.status}`, errorBody);
  }
  return parsed as T;
}

export interface StudioInfo {
  name: string;
  version: string;
  dataDir: string;
  databaseFile: string;
  email: string;
  workspaceId: string;
  baseUrl: string;
  runtime: string;
}

export const api = {
  health: () => request<{ status: string }>('GET', '/studio/health'),
  info: () => request<StudioInfo>('GET', '/studio/api/info'),
};
