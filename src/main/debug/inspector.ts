import type IsolatedVM from 'isolated-vm';
import { answerTooLarge, boundedParams } from './bounded';

type Listener = (method: string, params: Record<string, unknown>) => void;

/** A command unanswered this long while the isolate is paused gets it nudged; the wait doubles up to NUDGE_MAX_MS. */
const NUDGE_MS = 10;
const NUDGE_MAX_MS = 500;
/** What a nudge asks (answered at once in any state, changes nothing; its answer is dropped). */
const NUDGE = 'Runtime.getIsolateId';

/**
 * A CDP session on one isolate through isolated-vm's API (createInspectorSession): messages in
 * with dispatchProtocolMessage, answers and notifications out through callbacks. Nothing listens
 * on a socket. While the isolate is paused its own thread waits in V8's message loop, so commands
 * must come from another thread: the run is entered asynchronously and this process's thread
 * stays free to dispatch them.
 *
 * isolated-vm (7.0.1) can lose a message sent as the isolate pauses: its pause loop
 * (runMessageLoopOnPause) waits for a wake-up without looking at its queue, and a message queued
 * just before asked for a JS interrupt instead, which V8 postpones during a break. It sits
 * unanswered until another message comes. So while the isolate is paused (between
 * Debugger.paused and Debugger.resumed) and a command waits, the isolate is nudged with a
 * harmless message: one that finds the loop waiting wakes it, and it runs everything queued.
 * docs/decisions/004.
 */
export class Inspector {
  private readonly session: IsolatedVM.InspectorSession;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void; maxChars?: number }>();
  private readonly listeners = new Set<Listener>();
  private disposed = false;
  /** Between Debugger.paused and Debugger.resumed (the only time a message can be left waiting). */
  private paused = false;
  private nudging: NodeJS.Timeout | undefined;

  constructor(isolate: IsolatedVM.Isolate) {
    this.session = isolate.createInspectorSession();
    this.session.onResponse = (id, message) => {
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      if (this.waiting.size === 0) this.stopNudging();
      if (waiter?.maxChars !== undefined && message.length > waiter.maxChars) return waiter.reject(new Error(answerTooLarge(message.length, waiter.maxChars)));
      const answer = JSON.parse(message) as { result?: Record<string, unknown>; error?: { message: string } };
      if (answer.error) waiter?.reject(new Error(answer.error.message));
      else waiter?.resolve(answer.result ?? {});
    };
    this.session.onNotification = (message) => {
      const { method, params } = JSON.parse(message) as { method: string; params: Record<string, unknown> };
      if (method === 'Debugger.paused') this.paused = true;
      if (method === 'Debugger.resumed') {
        this.paused = false;
        this.stopNudging();
      }
      const bounded = boundedParams(params ?? {}, message.length) as Record<string, unknown>;
      for (const listener of this.listeners) listener(method, bounded);
      // A command sent before the pause was announced may be the one left waiting.
      if (method === 'Debugger.paused' && this.waiting.size > 0) this.nudgeLater(NUDGE_MS);
    };
  }

  /** A command; `maxChars`: an answer larger than this is refused (answers relayed to the user). */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, maxChars?: number): Promise<T> {
    if (this.disposed) return Promise.reject(new Error('the inspector session has ended'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: Record<string, unknown>) => void, reject, maxChars });
      try {
        this.session.dispatchProtocolMessage(JSON.stringify({ id, method, params }));
        this.nudgeLater(NUDGE_MS);
      } catch (error) {
        this.waiting.delete(id);
        reject(error as Error);
      }
    });
  }

  /** While paused and a command waits: a nudge after `ms`, then again at twice the wait (up to NUDGE_MAX_MS). */
  private nudgeLater(ms: number): void {
    if (this.nudging || this.disposed || !this.paused) return;
    this.nudging = setTimeout(() => {
      this.nudging = undefined;
      if (this.disposed || !this.paused || this.waiting.size === 0) return;
      try {
        // Not in `waiting`: its answer is dropped.
        this.session.dispatchProtocolMessage(JSON.stringify({ id: this.nextId++, method: NUDGE }));
      } catch {
        return; // the session is gone
      }
      this.nudgeLater(Math.min(ms * 2, NUDGE_MAX_MS));
    }, ms);
    this.nudging.unref();
  }

  private stopNudging(): void {
    clearTimeout(this.nudging);
    this.nudging = undefined;
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopNudging();
    for (const waiter of this.waiting.values()) waiter.reject(new Error('the inspector session has ended'));
    this.waiting.clear();
    try {
      this.session.dispose();
    } catch {
      // the isolate is gone already
    }
  }
}
