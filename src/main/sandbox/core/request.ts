import { createHash } from 'node:crypto';
import { badRequest } from '../../errors';
import type { RunRequest } from '../protocol/messages';
import type { SandboxSettings } from '../../../shared/api/sandbox-settings';
import type { SandboxLibrary, TransformInput } from '../types';
import type { SandboxOptions } from './options';

// A run's request as the sandbox process gets it, built from the caller's input and the settings
// of the moment; the input checked first (a clear 400 for what the caller got wrong).

/** Size limit of a batch's serialized output (default 32 MB). */
export const maxOutputBytesOf = (options: SandboxOptions): number => options.maxOutputBytes ?? 32 * 1024 * 1024;

const DEFAULT_NAME = 'base transformation';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function cacheKeyOf(input: Pick<TransformInput, 'code' | 'cacheKey'>, name: string, libraries: SandboxLibrary[], memoryLimitMb: number): string {
  if (input.cacheKey) return `key:${input.cacheKey}|${name}|${memoryLimitMb}`;
  const hash = createHash('sha256').update(name).update('\0').update(input.code);
  for (const library of [...libraries].sort((a, b) => a.importName.localeCompare(b.importName))) {
    hash.update('\0').update(library.importName).update('\0').update(library.versionId ?? '').update('\0').update(library.code);
  }
  return `hash:${hash.digest('base64url')}|${memoryLimitMb}`;
}

export function checkInput(input: TransformInput): void {
  if (!input || typeof input !== 'object') throw badRequest('transform input must be an object');
  if (typeof input.code !== 'string') throw badRequest('code must be a string');
  if (Array.isArray(input.events)) {
    input.events.forEach((event, i) => {
      if (!isPlainObject(event)) throw badRequest(`events[${i}] must be an object`);
    });
  } else if (!input.events || !Array.isArray(input.events.json) || !input.events.json.every((text) => typeof text === 'string' && text.startsWith('{'))) {
    throw badRequest('events must be an array of event objects');
  }
  if (input.metadata !== undefined && !Array.isArray(input.metadata)) throw badRequest('metadata must be an array');
  for (const library of input.libraries ?? []) {
    if (!library || typeof library.importName !== 'string' || typeof library.code !== 'string') {
      throw badRequest('each library needs an importName and code (strings)');
    }
  }
}

/** A run's request under the current settings, all but its events: code, key, limits, credentials. */
export function sideRequest(input: Pick<TransformInput, 'code' | 'name' | 'cacheKey' | 'libraries' | 'credentials' | 'fetchMocks'>, current: SandboxSettings, options: SandboxOptions): Omit<RunRequest, 'type' | 'id' | 'payload' | 'mode'> {
  // Control characters (a NUL cuts V8's script name short) become spaces.
  // eslint-disable-next-line no-control-regex
  const name = input.name?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || DEFAULT_NAME;
  const libraries = input.libraries ?? [];
  const byImportName = new Map<string, SandboxLibrary>();
  for (const library of libraries) if (!byImportName.has(library.importName)) byImportName.set(library.importName, library);
  return {
    key: cacheKeyOf(input, name, libraries, current.memoryLimitMb),
    name,
    code: input.code,
    libraries: [...byImportName.values()],
    memoryLimitMb: current.memoryLimitMb,
    timeoutMs: current.timeoutMs,
    runtime: { maxOutputChars: maxOutputBytesOf(options), maxPendingCalls: 100 },
    limits: {
      timeoutMs: current.timeoutMs,
      memoryLimitMb: current.memoryLimitMb,
      wallTimeoutMs: Math.max(options.wallTimeoutMs ?? 30_000, current.timeoutMs),
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      maxHostCalls: options.maxHostCallsPerRun ?? 1000,
    },
    allowPrivateNetwork: current.allowPrivateNetwork,
    geolocationUrl: current.geolocationUrl ?? undefined,
    credentials: input.credentials ?? options.credentials?.() ?? {},
    ...(input.fetchMocks?.length ? { fetchMocks: input.fetchMocks } : {}),
  };
}

