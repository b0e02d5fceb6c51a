import { randomUUID } from 'node:crypto';
import type { DebugChild } from './debug-child';
import { badRequest, notFound, StudioError } from '../errors';
import { readRunAnswer } from '../sandbox/protocol/answer';
import { testResponse } from '../management/test-run';
import { cdpCondition, type CdpCommandRequest, type DebugSessionEvent, type DebugStartRequest } from '../../shared/api/debug';
import { debugCode, eventsPayload, type DebugDeps } from './debug-code';
import type { DebugProcessReply } from './protocol';
import { createSessionBudget, type SessionBudget } from './session-budget';

const isPauseState = (event: DebugSessionEvent) => event.kind === 'cdp' && (event.method === 'Debugger.paused' || event.method === 'Debugger.resumed');

/** A pause longer than this ends the run and its process. */
export const MAX_PAUSE_MS = 15 * 60_000;
/** A session nobody listens to (the window closed) ends after this, counted from when its process is ready. */
const UNWATCHED_MS = 5_000;
/** A debug process not ready by then ends its session with a message that says so (no endless start). */
export const START_MS = 60_000;

interface Session {
  id: string;
  child: DebugChild;
  /** Everything sent so far, for a listener that comes late (or again). */
  events: DebugSessionEvent[];
  listeners: Set<(event: DebugSessionEvent) => void>;
  finished: boolean;
  /** Its process has loaded: the unwatched time counts from then. */
  ready: boolean;
  unwatched?: NodeJS.Timeout;
  /** Ends the session if its process is not ready in time. */
  starting?: NodeJS.Timeout;
  startedAt: number;
  /** Gives the session's place in the budget back. */
  release: () => void;
}

export interface DebugSessionsOptions {
  /** Shared with profiles (one budget for both). */
  budget?: SessionBudget;
  maxPauseMs?: number;
  unwatchedMs?: number;
  startMs?: number;
}

/**
 * Debug sessions: each runs one event through the user's code in its own debug process (the only
 * process with V8's inspector on), paused at breakpoints, `debugger;` statements or exceptions.
 * CDP goes through here both ways: notifications out to listeners (the studio API's event
 * stream), commands in from the allowed list. Stop, a pause too long, the window closing or the
 * process dying ends the session; ordinary runs never go near it.
 */
export function createDebugSessions(deps: DebugDeps, options: DebugSessionsOptions = {}) {
  const sessions = new Map<string, Session>();
  const maxPauseMs = options.maxPauseMs ?? MAX_PAUSE_MS;
  const unwatchedMs = options.unwatchedMs ?? UNWATCHED_MS;
  const startMs = options.startMs ?? START_MS;

  const budget = options.budget ?? createSessionBudget();
  // Kept for a listener that comes late: the scripts parsed and the latest pause or resume only
  // (not every step's call frames), and once the session has ended, how it ended only.
  const emit = (session: Session, event: DebugSessionEvent) => {
    if (isPauseState(event)) session.events = session.events.filter((kept) => !isPauseState(kept));
    session.events.push(event);
    for (const listener of session.listeners) listener(event);
  };
  const finish = (session: Session, event: DebugSessionEvent) => {
    if (session.finished) return;
    session.finished = true;
    emit(session, event);
    session.events = [event];
    session.child.stop();
    session.release();
    clearTimeout(session.unwatched);
    clearTimeout(session.starting);
    // Kept a little for a listener that reconnects to read how it ended.
    setTimeout(() => sessions.delete(session.id), 60_000).unref();
  };
  const watchLater = (session: Session) => {
    clearTimeout(session.unwatched);
    session.unwatched = setTimeout(() => {
      if (session.listeners.size === 0) finish(session, { kind: 'ended', message: 'The debug session ended: its window closed.' });
    }, unwatchedMs);
    session.unwatched.unref();
  };
  const get = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw notFound(`debug session ${id} not found (it ended, or the studio restarted)`);
    return session;
  };

  return {
    start(request: DebugStartRequest): { id: string } {
      const code = debugCode(deps, request, maxPauseMs * 2);
      const events = (request.events ?? [request.event]) as Record<string, unknown>[];
      const release = budget.take();
      const id = randomUUID();
      const onReply = (reply: DebugProcessReply) => {
        if (reply.type === 'event') return emit(session, { kind: 'cdp', method: reply.method, params: reply.params });
        if (reply.type === 'failed') return finish(session, { kind: 'ended', message: reply.message });
        if (reply.type !== 'done' || reply.json === undefined) return;
        try {
          const read = readRunAnswer(reply.json, events.length, code.runtime.maxOutputChars);
          finish(session, { kind: 'done', result: testResponse({ ...read, durationMs: Math.round(performance.now() - session.startedAt) }, events) });
        } catch (error) {
          finish(session, { kind: 'ended', message: (error as Error).message });
        }
      };
      const onExit = (how: string, expected: boolean) => {
        if (!expected) finish(session, { kind: 'ended', message: `The debug process stopped unexpectedly (${how}): the debug session ended. Other runs are not affected.` });
      };
      const session: Session = { id, child: deps.processes.take(onReply, onExit), events: [], listeners: new Set(), finished: false, ready: false, startedAt: performance.now(), release };
      sessions.set(id, session);
      session.child.send({
        type: 'debug',
        ...code,
        payload: eventsPayload(events, request.context),
        breakpoints: request.breakpoints.map(({ url, lineNumber, ...when }) => ({ url, lineNumber, ...(cdpCondition(when) ? { condition: cdpCondition(when) } : {}) })),
        pauseOnExceptions: request.pauseOnExceptions ?? 'none',
        maxPauseMs,
      });
      // Counted from when the process is ready, not from now: a start slower than the unwatched time
      // (a new process on a loaded machine) ended the session before its window could listen.
      session.starting = setTimeout(() => finish(session, { kind: 'ended', message: `The debug process did not start within ${startMs / 1000} s: the debug session ended. Try again.` }), startMs);
      session.starting.unref();
      void session.child.ready.then(() => {
        session.ready = true;
        clearTimeout(session.starting);
        if (!session.finished && session.listeners.size === 0) watchLater(session);
      });
      return { id };
    },

    /** Listens to a session's events (those sent before first); the returned function stops listening. */
    listen(id: string, listener: (event: DebugSessionEvent) => void): () => void {
      const session = get(id);
      for (const event of session.events) listener(event);
      session.listeners.add(listener);
      clearTimeout(session.unwatched);
      return () => {
        session.listeners.delete(listener);
        if (session.listeners.size === 0 && !session.finished && session.ready) watchLater(session);
      };
    },

    async command(id: string, command: CdpCommandRequest): Promise<unknown> {
      const session = get(id);
      if (session.finished) throw new StudioError('conflict', 'the debug session has ended');
      try {
        return await session.child.command(command.method, command.params ?? {});
      } catch (error) {
        throw badRequest(`${command.method}: ${(error as Error).message}`);
      }
    },

    /** Ends the session; settles once its process is gone. */
    async stop(id: string): Promise<void> {
      const session = get(id);
      finish(session, { kind: 'ended', message: 'Stopped.' });
      await session.child.gone;
    },

    /** The debug processes alive (pids). */
    pids: (): number[] => [...sessions.values()].flatMap((s) => (!s.child.exited && s.child.pid ? [s.child.pid] : [])),

    close(): void {
      for (const session of sessions.values()) finish(session, { kind: 'ended', message: 'The studio is closing.' });
    },
  };
}

export type DebugSessions = ReturnType<typeof createDebugSessions>;
