import { Type, type Static } from 'typebox';
import { TestRunRequest } from './sandbox-test';

// Shapes of the debugger and profiler of the studio API (/studio/api/debug/…, /studio/api/profiles/…):
// the routes, the debug service and the renderer use these.

const { events: _events, ...runFields } = TestRunRequest.properties;

/** The transformation's script url in the isolate: its name as the sandbox uses it (control characters as spaces). */
export function scriptName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return name?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || 'base transformation';
}

/** A library's script url in the isolate. */
export const libraryScriptUrl = (importName: string) => `library ${importName}`;

export const PauseOnExceptions = Type.Union([Type.Literal('none'), Type.Literal('uncaught'), Type.Literal('all')]);
export type PauseOnExceptions = Static<typeof PauseOnExceptions>;

export const DebugBreakpoint = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 1100, description: 'Script: the transformation name (default "base transformation") or "library <importName>"' }),
    lineNumber: Type.Integer({ minimum: 0, maximum: 1_000_000, description: '0-based line' }),
    condition: Type.Optional(Type.String({ maxLength: 2000, description: 'A conditional breakpoint: pauses only when this expression is truthy there (e.g. `event.userId === "u2"`)' })),
    logMessage: Type.Optional(Type.String({ maxLength: 2000, description: "A logpoint: logs this expression's value there (as log() does, in the run's logs) and does not pause" })),
  },
  { additionalProperties: false },
);
export type DebugBreakpoint = Static<typeof DebugBreakpoint>;

/** The CDP condition of a breakpoint: its condition, and for a logpoint a log() call that never pauses (as Chrome does). */
export function cdpCondition({ condition, logMessage }: Pick<DebugBreakpoint, 'condition' | 'logMessage'>): string | undefined {
  const log = logMessage?.trim() ? `(globalThis.log(${logMessage}), false)` : undefined;
  const when = condition?.trim() ? `(${condition})` : undefined;
  return when && log ? `${when} && ${log}` : (log ?? when);
}

export const DebugStartRequest = Type.Object(
  {
    ...runFields,
    event: Type.Record(Type.String(), Type.Unknown(), { description: 'The event to debug' }),
    events: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { minItems: 1, maxItems: 1000, description: 'Debug these events instead, one run over all of them (conditional breakpoints and logpoints per event); `event` is then not run' })),
    breakpoints: Type.Array(DebugBreakpoint, { maxItems: 1000 }),
    pauseOnExceptions: Type.Optional(PauseOnExceptions),
  },
  { additionalProperties: false },
);
/** The answer of POST /studio/api/debug/sessions: the session's id. */
export const DebugStarted = Type.Object({ id: Type.String() });
export type DebugStarted = Static<typeof DebugStarted>;

export type DebugStartRequest = Omit<Static<typeof DebugStartRequest>, 'context'> & { context?: TestRunRequest['context'] };

/** CDP methods the studio's debugger sends; nothing else reaches the inspector. */
export const CDP_METHODS = [
  'Debugger.resume',
  'Debugger.stepOver',
  'Debugger.stepInto',
  'Debugger.stepOut',
  'Debugger.pause',
  'Debugger.setBreakpointByUrl',
  'Debugger.removeBreakpoint',
  'Debugger.setPauseOnExceptions',
  'Debugger.evaluateOnCallFrame',
  'Debugger.getScriptSource',
  'Runtime.getProperties',
] as const;

export const CdpCommandRequest = Type.Object(
  {
    method: Type.Union(CDP_METHODS.map((method) => Type.Literal(method))),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type CdpMethod = (typeof CDP_METHODS)[number];
export type CdpCommandRequest = { method: CdpMethod; params?: Record<string, unknown> };

export const SessionId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * Events of a debug session (server-sent events, `data:` one JSON each): CDP notifications
 * passed on (`Debugger.scriptParsed` {scriptId,url}, `Debugger.paused`, `Debugger.resumed`), then
 * `done` with the run's result or `ended` with why it stopped.
 */
export type DebugSessionEvent =
  | { kind: 'cdp'; method: string; params: unknown }
  | { kind: 'done'; result: unknown }
  | { kind: 'ended'; message: string };

export const ProfileStartRequest = Type.Object(
  {
    ...runFields,
    events: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10_000, description: 'Events to profile (objects)' })),
    captured: Type.Optional(
      Type.Object(
        {
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'The newest N captured events matching the filter (default 10,000)' })),
          types: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
          eventName: Type.Optional(Type.String({ maxLength: 1000 })),
          q: Type.Optional(Type.String({ maxLength: 1000 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ProfileStartRequest = Omit<Static<typeof ProfileStartRequest>, 'context'> & { context?: TestRunRequest['context'] };

export interface LineHeat {
  url: string;
  /** 1-based line. */
  line: number;
  selfMs: number;
}
export interface HotFunction {
  name: string;
  url: string;
  /** 1-based line the function starts on. */
  line: number;
  selfMs: number;
  totalMs: number;
  /** In the transformation or a library (not the runtime or V8). */
  user: boolean;
}
export interface FlameNode {
  name: string;
  url: string;
  line: number;
  selfMs: number;
  totalMs: number;
  children: FlameNode[];
}
export interface ProfileSummary {
  events: number;
  sampleMs: number;
  profiledMs: number;
  lines: LineHeat[];
  functions: HotFunction[];
  flame: FlameNode;
  times: { p50: number; p99: number; max: number; totalMs: number };
  histogram: { fromMs: number; bucketMs: number; counts: number[] };
  /** The slowest events: index in the profiled events and time (ms). */
  slowest: { index: number; ms: number }[];
}

/** A profile session as GET /studio/api/profiles/:id answers it. */
export interface ProfileState {
  id: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number;
  message?: string;
  summary?: ProfileSummary;
  /** The slowest events themselves, in `summary.slowest`'s order. */
  slowestEvents?: Record<string, unknown>[];
}
