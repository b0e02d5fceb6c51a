import { createHash } from 'node:crypto';
import { badRequest } from '../errors';
import { CodeCache } from './code-cache';
import { toSandboxError } from './errors';
import { SandboxInstance, type InstanceSpec } from './instance';
import { testLibraryCode } from './library-test';
import { Limiter } from './limiter';
import { InstancePool } from './pool';
import { readRunAnswer } from './results';
import { runOnInstance, type RunLimits } from './run';
import { DEFAULT_IDLE_EVICT_MS, DEFAULT_MEMORY_BUDGET_MB, DEFAULT_SANDBOX_SETTINGS, type SandboxSettings } from './settings';
import type { NetworkCall, Sandbox, SandboxLibrary, TransformInput, TransformOutput } from './types';

export type { Sandbox, SandboxLibrary, TransformInput, TransformOutput, TransformResult, EventMetadata } from './types';
export type { SandboxSettings } from './settings';

export interface SandboxOptions {
  /** Isolate memory limit in MB (default 128); the stored setting wins when present. */
  memoryLimitMb?: number;
  /** Execution time limit of one batch in ms (default 4000); the stored setting wins when present. */
  timeoutMs?: number;
  /** Warm isolates kept idle, least recently used evicted first (default 16). */
  poolSize?: number;
  /** Sum of the memory limits of the warm isolates kept idle, in MB (default 512). */
  memoryBudgetMb?: number;
  /** A warm isolate unused this long (ms) is disposed (default 5 minutes; 0: never). */
  idleEvictMs?: number;
  /** Batches running at the same time; others wait (default 4). */
  maxConcurrentRuns?: number;
  /** Wall-clock limit of one batch including waits on fetch/geolocation (default 30 s). */
  wallTimeoutMs?: number;
  /** Deadline of one fetch/fetchV2 request (default 10 s). */
  requestTimeoutMs?: number;
  /** fetch/fetchV2/geolocation calls per batch (default 1000). */
  maxHostCallsPerRun?: number;
  /** Size limit of a batch's serialized output (default 32 MB). */
  maxOutputBytes?: number;
  /** Current settings (read once per batch). */
  getSettings?: () => Partial<SandboxSettings>;
  /** Stored credential values for getCredential(key). */
  resolveCredential?: (key: string) => string | undefined;
}

const DEFAULT_NAME = 'base transformation';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function cacheKeyOf(input: TransformInput, name: string, libraries: SandboxLibrary[], memoryLimitMb: number): string {
  if (input.cacheKey) return `key:${input.cacheKey}|${name}|${memoryLimitMb}`;
  const hash = createHash('sha256').update(name).update('\0').update(input.code);
  for (const library of [...libraries].sort((a, b) => a.importName.localeCompare(b.importName))) {
    hash.update('\0').update(library.importName).update('\0').update(library.versionId ?? '').update('\0').update(library.code);
  }
  return `hash:${hash.digest('base64url')}|${memoryLimitMb}`;
}

function checkInput(input: TransformInput): void {
  if (!input || typeof input !== 'object') throw badRequest('transform input must be an object');
  if (typeof input.code !== 'string') throw badRequest('code must be a string');
  if (!Array.isArray(input.events)) throw badRequest('events must be an array of event objects');
  input.events.forEach((event, i) => {
    if (!isPlainObject(event)) throw badRequest(`events[${i}] must be an object`);
  });
  if (input.metadata !== undefined && !Array.isArray(input.metadata)) throw badRequest('metadata must be an array');
  for (const library of input.libraries ?? []) {
    if (!library || typeof library.importName !== 'string' || typeof library.code !== 'string') {
      throw badRequest('each library needs an importName and code (strings)');
    }
  }
}

/** Runs user transformations in isolated-vm with the hosted service's semantics (see compatibility.md). */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const pool = new InstancePool({
    capacity: options.poolSize ?? 16,
    memoryBudgetMb: options.memoryBudgetMb ?? DEFAULT_MEMORY_BUDGET_MB,
    idleMs: options.idleEvictMs ?? DEFAULT_IDLE_EVICT_MS,
  });
  const limiter = new Limiter(options.maxConcurrentRuns ?? 4);
  const codeCache = new CodeCache();
  const active = new Set<SandboxInstance>();
  const maxOutputBytes = options.maxOutputBytes ?? 32 * 1024 * 1024;
  let closed = false;

  const settings = (): SandboxSettings => {
    const stored = options.getSettings?.() ?? {};
    return {
      ...DEFAULT_SANDBOX_SETTINGS,
      memoryLimitMb: options.memoryLimitMb ?? DEFAULT_SANDBOX_SETTINGS.memoryLimitMb,
      timeoutMs: options.timeoutMs ?? DEFAULT_SANDBOX_SETTINGS.timeoutMs,
      ...Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined)),
    };
  };

  async function transform(input: TransformInput): Promise<TransformOutput> {
    if (closed) throw toSandboxError(new Error('The sandbox is closed'), { timeoutMs: 0, memoryLimitMb: 0 });
    const started = performance.now();
    checkInput(input);
    const current = settings();
    // Control characters (a NUL cuts V8's script name short) become spaces.
    // eslint-disable-next-line no-control-regex
    const name = input.name?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || DEFAULT_NAME;
    const libraries = input.libraries ?? [];
    const byImportName = new Map<string, SandboxLibrary>();
    for (const library of libraries) if (!byImportName.has(library.importName)) byImportName.set(library.importName, library);
    const key = cacheKeyOf(input, name, libraries, current.memoryLimitMb);
    let payload: string;
    try {
      payload = `{"e":${JSON.stringify(input.events)},"m":${input.metadata ? JSON.stringify(input.metadata) : 'null'}}`;
    } catch (error) {
      throw badRequest(`events cannot be converted to JSON: ${(error as Error).message}`);
    }
    const limits: RunLimits = {
      timeoutMs: current.timeoutMs,
      memoryLimitMb: current.memoryLimitMb,
      wallTimeoutMs: Math.max(options.wallTimeoutMs ?? 30_000, current.timeoutMs),
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      maxHostCalls: options.maxHostCallsPerRun ?? 1000,
    };
    const spec: InstanceSpec = {
      name,
      code: input.code,
      libraries: byImportName,
      memoryLimitMb: current.memoryLimitMb,
      timeoutMs: current.timeoutMs,
      runtime: { maxOutputChars: maxOutputBytes, maxPendingCalls: 100 },
    };
    const credentials = input.credentials;
    const credential = credentials
      ? (k: string) => (Object.prototype.hasOwnProperty.call(credentials, k) ? credentials[k] : undefined)
      : (k: string) => options.resolveCredential?.(k);

    const network: NetworkCall[] = [];
    const json = await limiter.run(async () => {
      const instance = pool.take(key) ?? (await SandboxInstance.create(spec, codeCache));
      active.add(instance);
      try {
        const answer = await runOnInstance(instance, payload, limits, {
          allowPrivateNetwork: current.allowPrivateNetwork,
          geolocationUrl: current.geolocationUrl ?? undefined,
          credential,
          network,
        });
        return answer;
      } finally {
        active.delete(instance);
        if (closed) instance.dispose();
        else pool.put(key, instance);
      }
    });
    const { results, logs, logEvents } = readRunAnswer(json, input.events, input.metadata, maxOutputBytes);
    return { results, logs, logEvents, durationMs: Math.round((performance.now() - started) * 100) / 100, ...(network.length > 0 ? { network } : {}) };
  }

  return {
    transform,
    async testLibrary(library) {
      if (!library || typeof library.code !== 'string' || typeof library.importName !== 'string') {
        throw badRequest('a library needs an importName and code (strings)');
      }
      const current = settings();
      await limiter.run(() => testLibraryCode(library, current, codeCache));
    },
    close() {
      closed = true;
      pool.clear();
      for (const instance of active) instance.dispose();
      active.clear();
      codeCache.clear();
    },
  };
}
