import type { StudioError } from '../../errors';
import { describeIvmError, messages, sandboxError } from '../errors';
import type { CredentialLookup } from '../host/credentials';
import { handleFetch, handleFetchV2 } from '../host/fetch';
import { handleGeolocation } from '../host/geolocation';
import { errorMessage, fail as failAnswer, failurePayload, type HostAnswer, type HostCallEnv, type HostCallHandler } from '../host/host-call';
import type { SandboxInstance } from './instance';
import type { FetchMock, NetworkCall } from '../types';
import type { RunLimits } from '../protocol/messages';

export type { RunLimits };

const HANDLERS: Record<string, HostCallHandler> = {
  fetch: handleFetch,
  fetchV2: handleFetchV2,
  geolocation: handleGeolocation,
};

/** The count of parts an answer in parts says came before it (`{"p":N,…}`, the runtime's own key order). */
const PARTS_COUNT = /^\{"p":(\d+),/;


export interface RunEnv {
  allowPrivateNetwork: boolean;
  geolocationUrl?: string;
  credential: CredentialLookup;
  /** Collects the run's fetch/fetchV2 calls. */
  network?: NetworkCall[];
  fetchMocks?: FetchMock[];
}

/** How runOnInstance enters the isolate (the sandbox process derives it from the request's RunMode). */
export interface EntryOptions {
  /** The isolate answers per input event (grouped-answer-source.ts) instead of one document of entries. */
  grouped?: boolean;
  /** Receives the pieces of an answer in parts, in order, before the answer. */
  onPart?: (json: string) => void;
  /**
   * The batch's isolate call runs on this thread (applySync) instead of the isolate's own: no
   * thread hand-over on the way in or out, and the parts go out from inside the call. This thread
   * does nothing else until it returns (at the latest at the time limit), so the caller uses it
   * only when nothing else runs here. Later calls (polls, settles of host requests) are async.
   */
  sync?: boolean;
  /**
   * The batch's first events, staged before the run under `id` (payload.ts): `texts` still to be
   * put into the isolate (those that came while no isolate was warm), or the error staging hit.
   */
  stage?: { id: number; texts: string[]; error?: unknown };
  /**
   * The isolate returned with the run waiting on host requests (this thread is free again, and the
   * isolate is not running: the core's watchdog does not count this time).
   */
  onEntered?: () => void;
  /** The isolate is entered again (a host request's answer is handed back): the watchdog counts again. */
  onResumed?: () => void;
}

/**
 * Runs one batch on an instance: one isolate call with the whole batch as a JSON string. Only when
 * user code awaits something does the host come back: to poll once the microtasks have drained,
 * and to hand each finished host request back (settle) and poll again. Any failure of the isolate
 * (time, memory, disposal) fails the run and disposes the instance.
 */
export function runOnInstance(instance: SandboxInstance, payload: string, limits: RunLimits, env: RunEnv, mode: EntryOptions = {}): Promise<string> {
  const { grouped = false, onPart, sync = false, stage } = mode;
  // Staging failed (time or memory limit while parsing a piece): the isolate may be gone already.
  if (stage?.error !== undefined) {
    instance.dispose();
    return Promise.reject(describeIvmError(stage.error, limits) as StudioError);
  }
  return new Promise<string>((resolve, reject) => {
    let done = false;
    // Answer in parts (onPart): the pieces the isolate handed out, and the answer while one it
    // counts has not arrived here yet (the answer is passed on after its parts).
    let partsIn = 0;
    let held: { json: string; parts: number } | undefined;
    let hostCalls = 0;
    let queue: Promise<unknown> = Promise.resolve();
    const cpuStart = instance.isolate.cpuTime;
    const remaining = () => {
      try {
        return Math.max(1, limits.timeoutMs - Number((instance.isolate.cpuTime - cpuStart) / 1_000_000n));
      } catch {
        return 1;
      }
    };
    const hostEnv: HostCallEnv = {
      allowPrivateNetwork: env.allowPrivateNetwork,
      geolocationUrl: env.geolocationUrl,
      timeoutMs: limits.requestTimeoutMs,
      network: env.network,
      fetchMocks: env.fetchMocks,
    };

    const cleanup = () => {
      clearTimeout(wall);
      instance.bindings = null;
    };
    const finish = (json: string) => {
      if (done) return;
      held = undefined;
      if (onPart) {
        const parts = Number(PARTS_COUNT.exec(json)?.[1] ?? 0);
        if (partsIn < parts) {
          held = { json, parts };
          return;
        }
      }
      done = true;
      cleanup();
      resolve(json);
    };
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      cleanup();
      instance.dispose();
      reject(describeIvmError(error, limits) as StudioError);
    };
    const wall = setTimeout(() => fail(sandboxError(messages.wallTimeout(limits.wallTimeoutMs))), limits.wallTimeoutMs);

    // Only primitives cross here (strings, numbers, booleans): copied by value.
    const call = (op: string, a?: string | number, b?: boolean, c?: string) =>
      instance.entry.apply(undefined, [op, a, b, c], { timeout: remaining() }) as Promise<string>;

    const afterEntry = async (answer: string): Promise<void> => {
      if (done) return;
      if (answer === '#') return afterEntry(await call('poll'));
      if (answer === '#0') return fail(sandboxError(messages.neverSettles));
      if (answer.startsWith('#')) return mode.onEntered?.(); // host requests are in flight; their answers come back through settle
      finish(answer);
    };

    const answerCall = (id: number, answer: HostAnswer) => {
      queue = queue
        .then(async () => {
          if (done) return;
          const json = JSON.stringify(answer.ok ? (answer.value ?? null) : failurePayload(answer));
          mode.onResumed?.();
          await call('settle', id, answer.ok, json);
          await afterEntry(await call('poll'));
        })
        .catch(fail);
    };

    instance.bindings = {
      credential: env.credential,
      onStart(kind, id, json) {
        if (done) return;
        if (kind === 'part') {
          if (!onPart) return;
          partsIn++;
          onPart(json);
          if (held && partsIn >= held.parts) finish(held.json);
          return;
        }
        const handler = HANDLERS[kind];
        if (!handler) return answerCall(id, failAnswer(`unknown host call ${kind}`));
        if (++hostCalls > limits.maxHostCalls) {
          return answerCall(id, failAnswer(`too many requests: at most ${limits.maxHostCalls} per run`));
        }
        let args: unknown;
        try {
          args = JSON.parse(json);
        } catch {
          args = undefined;
        }
        if (!Array.isArray(args)) return answerCall(id, failAnswer('invalid arguments'));
        handler(args, hostEnv).then(
          (answer) => answerCall(id, answer),
          (error: unknown) => answerCall(id, failAnswer(errorMessage(error))),
        );
      },
    };

    // Parts: 'parts' hands them out through the ignored callback (the isolate's thread goes on),
    // 'sync' through a synchronous one (this thread, inside the call, sends each on at once).
    if (!sync) {
      call('run', payload, grouped, onPart ? 'parts' : '').then(afterEntry).catch(fail);
      return;
    }
    let first: string;
    try {
      for (const text of stage?.texts ?? []) instance.stage(stage!.id, text, remaining());
      first = instance.entry.applySync(undefined, ['run', payload, grouped, onPart ? 'sync' : ''], { timeout: remaining() });
    } catch (error) {
      fail(error);
      return;
    }
    // '#': the call returned and the run goes on asynchronously (a poll): this thread is free, the isolate runs.
    if (first === '#') {
      mode.onEntered?.();
      mode.onResumed?.();
    }
    afterEntry(first).catch(fail);
  });
}
