import type { RunLimits, RunRequest } from '../sandbox/protocol/messages';
import type { ScriptCoverage } from '../../shared/api/coverage';

// The protocol between the core and the debug process (fork IPC, 'advanced' serialization). The
// debug process is its own process, started for one debug or profile session and stopped after
// it: the inspector exists only there, reached through isolated-vm's API (no socket, no port).

/** What both kinds of session need to build the isolate: what a sandbox run gets, but its time limit counts only running time. */
export interface DebugCode
  extends Pick<RunRequest, 'name' | 'code' | 'libraries' | 'memoryLimitMb' | 'timeoutMs' | 'runtime' | 'allowPrivateNetwork' | 'geolocationUrl' | 'credentials'> {
  limits: Omit<RunLimits, 'timeoutMs'>;
}

export interface Breakpoint {
  /** Script url: the transformation's name, or `library <importName>`. */
  url: string;
  /** 0-based, as in CDP. */
  lineNumber: number;
  /** CDP condition (a conditional breakpoint, or a logpoint's log call). */
  condition?: string;
}

export type PauseOnExceptions = 'none' | 'uncaught' | 'all';

/** Runs one event under the debugger. */
export interface DebugStart extends DebugCode {
  type: 'debug';
  /** `{"e":[event],"m":[metadata]|null}` (sandbox payload.ts). */
  payload: string;
  breakpoints: Breakpoint[];
  pauseOnExceptions: PauseOnExceptions;
  /** A pause longer than this ends the run (ms). */
  maxPauseMs: number;
}

/** Runs events one at a time under V8's CPU profiler. */
export interface ProfileStart extends DebugCode {
  type: 'profile';
  /** One JSON text per event. */
  events: string[];
  /** Sampling interval of the CPU profiler (µs). */
  samplingUs: number;
}

/** Runs events in batches under V8's precise coverage (block granularity, call counts). */
export interface CoverageStart extends DebugCode {
  type: 'coverage';
  /** One JSON text per event. */
  events: string[];
}

/** A CDP command from the user (already checked against the allowed list by the core). */
export interface CdpCommand {
  type: 'cdp';
  id: number;
  method: string;
  params: Record<string, unknown>;
}

export type DebugCoreMessage = DebugStart | ProfileStart | CoverageStart | CdpCommand | { type: 'cancel' };

export type DebugProcessReply =
  | { type: 'ready' }
  | { type: 'cdp'; id: number; result?: unknown; error?: string }
  /** An inspector notification passed on (Debugger.paused, Debugger.resumed, Debugger.scriptParsed). */
  | { type: 'event'; method: string; params: unknown }
  | { type: 'progress'; done: number; total: number }
  /** The run's answer (debug: the runtime's JSON answer; profile: a ProfileSummary; coverage: per script, and the events that failed). */
  | { type: 'done'; json?: string; profile?: unknown; coverage?: { scripts: ScriptCoverage[]; failed: number } }
  | { type: 'failed'; message: string }
  /** The last message before the process ends itself (every earlier one has left). */
  | { type: 'ending' };
