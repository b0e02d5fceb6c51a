import { CodeCache } from '../code-cache';
import { toSandboxError } from '../errors';
import { SandboxInstance } from '../instance';
import { testLibraryCode } from '../library-test';
import { InstancePool } from '../pool';
import { runOnInstance } from '../run';
import type { NetworkCall, SandboxLibrary } from '../types';
import { groupRunAnswer, isolateCanGroup, readGroupedAnswer } from '../per-event';
import type { GroupedAnswer, LibraryTestRequest, RunRequest } from './protocol';

/**
 * The isolate's answer per input event, read here (off the core's thread): each event's outputs
 * serialised once, as the core stores them.
 */
function grouped(json: string, messageIds: (string | null)[], maxOutputChars: number): GroupedAnswer {
  const { perEvent, logs } = groupRunAnswer(json, messageIds, maxOutputChars);
  return { outputs: perEvent.map((p) => JSON.stringify(p.outputs)), counts: perEvent.map((p) => p.outputs.length), errors: perEvent.map((p) => p.errors), logs };
}

/**
 * What a sandbox process does with requests: one run or library test each, runs of different
 * keys at once. A run that succeeds leaves its isolate warm here; which warm isolates stay is the
 * core's decision (its pool holds the global budget, LRU and idle time) and arrives as `drop`.
 */
export function createRunner() {
  const pool = new InstancePool<SandboxInstance>({ capacity: Number.POSITIVE_INFINITY, memoryBudgetMb: Number.POSITIVE_INFINITY, idleMs: 0 });
  const codeCache = new CodeCache();

  return {
    drop(key: string): void {
      pool.drop(key);
    },

    /** Memory (MB) the heaps of the warm isolates hold, external allocations (copied strings) included. */
    heapMb(): number {
      let bytes = 0;
      for (const instance of pool.instances()) {
        if (instance.disposed) continue;
        const heap = instance.isolate.getHeapStatisticsSync();
        bytes += heap.total_physical_size + heap.externally_allocated_size;
      }
      return Math.round(bytes / 1048576);
    },

    async run(request: RunRequest): Promise<{ json?: string; grouped?: GroupedAnswer; network: NetworkCall[] }> {
      const libraries = new Map<string, SandboxLibrary>(request.libraries.map((library) => [library.importName, library]));
      const credentials = request.credentials;
      const network: NetworkCall[] = [];
      const instance =
        pool.take(request.key) ??
        (await SandboxInstance.create(
          { name: request.name, code: request.code, libraries, memoryLimitMb: request.memoryLimitMb, timeoutMs: request.timeoutMs, runtime: request.runtime },
          codeCache,
        ));
      // Inputs with distinct messageIds (replay's always are) are grouped by the isolate itself.
      const byIsolate = request.group !== undefined && isolateCanGroup(request.group.messageIds);
      try {
        const json = await runOnInstance(instance, request.payload, request.limits, {
          allowPrivateNetwork: request.allowPrivateNetwork,
          geolocationUrl: request.geolocationUrl,
          credential: (k) => (Object.prototype.hasOwnProperty.call(credentials, k) ? credentials[k] : undefined),
          network,
        }, byIsolate);
        if (byIsolate) return { grouped: readGroupedAnswer(json, request.group!.messageIds.length, request.runtime.maxOutputChars), network };
        return request.group ? { grouped: grouped(json, request.group.messageIds, request.runtime.maxOutputChars), network } : { json, network };
      } finally {
        pool.put(request.key, instance);
      }
    },

    async testLibrary(request: LibraryTestRequest): Promise<void> {
      const limits = { memoryLimitMb: request.memoryLimitMb, timeoutMs: request.timeoutMs };
      try {
        await testLibraryCode(request.library, limits, codeCache);
      } catch (error) {
        throw toSandboxError(error, limits);
      }
    },

    close(): void {
      pool.clear();
      codeCache.clear();
    },
  };
}
