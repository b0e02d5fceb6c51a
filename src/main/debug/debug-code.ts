import { payloadOf } from '../sandbox/protocol/payload';
import { librariesForTest } from '../management/test-run';
import type { SandboxSettings } from '../../shared/api/sandbox-settings';
import type { LibraryCodeRepo } from '../store/library-code-repo';
import type { TestRunRequest } from '../../shared/api/sandbox-test';
import { scriptName } from '../../shared/api/debug';
import type { DebugCode } from './protocol';
import type { DebugProcesses } from './debug-child';


/** What a debug or profile session needs from the core. */
export interface DebugDeps {
  processes: DebugProcesses;
  libraryCode: LibraryCodeRepo;
  settings: () => SandboxSettings;
  credentials: () => Record<string, string>;
}


/**
 * The code, libraries and limits of a session, as an ordinary test run of the same request gets
 * them (the same libraries, memory limit and time limit; the time limit counts only running time).
 */
export function debugCode(deps: DebugDeps, request: Omit<TestRunRequest, 'events'>, wallMs: number): DebugCode {
  const settings = deps.settings();
  return {
    name: scriptName(request.transformationName),
    code: request.code,
    libraries: librariesForTest({ ...request, events: [] }, deps.libraryCode),
    memoryLimitMb: settings.memoryLimitMb,
    timeoutMs: settings.timeoutMs,
    runtime: { maxOutputChars: 32 * 1024 * 1024, maxPendingCalls: 100 },
    limits: { memoryLimitMb: settings.memoryLimitMb, wallTimeoutMs: wallMs, requestTimeoutMs: 10_000, maxHostCalls: 1000 },
    allowPrivateNetwork: settings.allowPrivateNetwork,
    geolocationUrl: settings.geolocationUrl ?? undefined,
    credentials: request.credentials ?? deps.credentials(),
  };
}

/** The payload of events (with their run context as metadata, as the test bench sends it). */
export const eventsPayload = (events: Record<string, unknown>[], context: TestRunRequest['context']) =>
  payloadOf({ code: '', events, metadata: context ? events.map(() => context) : undefined });
