import { afterEach } from 'vitest';
import { CodeCache } from '../sandbox/isolate/code-cache';
import { SandboxInstance, type InstanceSpec } from '../sandbox/isolate/instance';

// Helpers for tests of one real warm isolate (isolate/instance.ts) run directly, without a sandbox
// process: what a run needs besides its payload, and instances disposed after each test.

export const RUN_LIMITS = { timeoutMs: 2000, memoryLimitMb: 64, wallTimeoutMs: 5000, requestTimeoutMs: 1000, maxHostCalls: 10 };
export const RUN_ENV = { allowPrivateNetwork: false, credential: () => undefined };

/** The spec of an instance of `code` under RUN_LIMITS. */
export const instanceSpec = (name: string, code: string): InstanceSpec => ({
  name,
  code,
  libraries: new Map(),
  memoryLimitMb: RUN_LIMITS.memoryLimitMb,
  timeoutMs: RUN_LIMITS.timeoutMs,
  runtime: { maxOutputChars: 1_000_000, maxPendingCalls: 10 },
});

/** Makes instances (each with its own code cache) that are disposed after each test of the file. */
export function instanceMaker(): (spec: InstanceSpec) => Promise<SandboxInstance> {
  const made: SandboxInstance[] = [];
  afterEach(() => made.splice(0).forEach((instance) => instance.dispose()));
  return async (spec) => {
    const instance = await SandboxInstance.create(spec, new CodeCache());
    made.push(instance);
    return instance;
  };
}
