import type IsolatedVM from 'isolated-vm';
import { answerTooLarge, boundedParams } from './bounded';

type Listener = (method: string, params: Record<string, unknown>) => void;

/** A command unanswered this long gets the isolate nudged; the wait doubles up to NUDGE_MAX_MS. */
const NUDGE_MS = 10;
const NUDGE_MAX_MS = 500;
/** What a nudge asks (answered at once in any state, changes nothing). */
const NUDGE = 'Runtime.getIsolateId';

/**
 * A CDP session on one isolate through isolated-vm's API (createInspectorSession): messages in
 * with dispatchProtocolMessage, answers and notifications out through callbacks. Nothing listens
 * on a socket. While the isolate is paused its own thread waits in V8's message loop, so commands
 * must come from another thread: the run is entered asynchronously and this process's thread
 * stays free to dispatch them.
 *
 * isolated-vm (7.0.1) can lose a message sent as the isolate pauses: its pause loop
 * (runMessageLoopOnPause) waits for a wake-up without looking at its queue first, and a message
 * queued just before it started waiting asked for a JS interrupt instead (V8 postpones those
 * during a break) or woke nobody. The message then sits unanswered until another is sent. It hit
 * ~1 pause in 5 when a command followed Debugger.paused at once in this process, and the step
 * debugger's watch after a step over in CI (inspector.test.ts). So while a command waits, the
 * isolate is nudged with a harmless message: one sent while it waits in the loop wakes it, and it
 * then runs everything queued.
 */
export class Inspector {
  private readonly session: IsolatedVM.InspectorSession;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void; maxChars?: number }>();
  private readonly listeners = new Set<Listener>();
  private disposed = false;
  /** Commands sent and not answered (nudges not counted). */
  private unanswered = 0;
  private nudging: NodeJS.Timeout | undefined;

  constructor(isolate: IsolatedVM.Isolate) {
    this.session = isolate.createInspectorSession();
    this.session.onResponse = (id, message) => {
      const bounded = this.waiting.get(id)?.maxChars;
      if (bounded !== undefined && message.length > bounded) {
        const waiter = this.waiting.get(id);
        this.waiting.delete(id);
        return waiter?.reject(new Error(answerTooLarge(message.length, bounded)));
      }
      const answer = JSON.parse(message) as { result?: Record<string, unknown>; error?: { message: string } };
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      if (answer.error) waiter?.reject(new Error(answer.error.message));
      else waiter?.resolve(answer.result ?? {});
    };
    this.session.onNotification = (message) => {
      const { method, params } = JSON.parse(message) as { method: string; params: Record<string, unknown> };
      const bounded = boundedParams(params ?? {}, message.length) as Record<string, unknown>;
      for (const listener of this.listeners) listener(method, bounded);
    };
  }

  /** A command; `maxChars`: an answer larger than this is refused (answers relayed to the user). */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, maxChars?: number): Promise<T> {
    if (this.disposed) return Promise.reject(new Error('the inspector session has ended'));
    const id = this.nextId++;
    const answered = () => {
      this.unanswered--;
      if (this.unanswered === 0) this.stopNudging();
    };
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: Record<string, unknown>) => void, reject, maxChars });
      this.unanswered++;
      try {
        this.session.dispatchProtocolMessage(JSON.stringify({ id, method, params }));
        this.nudgeLater(NUDGE_MS);
      } catch (error) {
        this.waiting.delete(id);
        reject(error as Error);
      }
    }).finally(answered);
  }

  /** Nudges the isolate after `ms` while a command waits, then again at twice the wait (up to NUDGE_MAX_MS). */
  private nudgeLater(ms: number): void {
    if (this.nudging || this.disposed) return;
    this.nudging = setTimeout(() => {
      this.nudging = undefined;
      if (this.disposed || this.unanswered === 0) return;
      const id = this.nextId++;
      this.waiting.set(id, { resolve: () => {}, reject: () => {} });
      try {
        this.session.dispatchProtocolMessage(JSON.stringify({ id, method: NUDGE }));
      } catch {
        this.waiting.delete(id);
        return;
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
