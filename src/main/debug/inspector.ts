import type IsolatedVM from 'isolated-vm';
import { answerTooLarge, boundedParams } from './bounded';

type Listener = (method: string, params: Record<string, unknown>) => void;

/**
 * A CDP session on one isolate through isolated-vm's API (createInspectorSession): messages in
 * with dispatchProtocolMessage, answers and notifications out through callbacks. Nothing listens
 * on a socket. While the isolate is paused its own thread waits in V8's message loop, so commands
 * must come from another thread: the run is entered asynchronously and this process's thread
 * stays free to dispatch them.
 */
export class Inspector {
  private readonly session: IsolatedVM.InspectorSession;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void; maxChars?: number }>();
  private readonly listeners = new Set<Listener>();
  private disposed = false;

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
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: Record<string, unknown>) => void, reject, maxChars });
      try {
        this.session.dispatchProtocolMessage(JSON.stringify({ id, method, params }));
      } catch (error) {
        this.waiting.delete(id);
        reject(error as Error);
      }
    });
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const waiter of this.waiting.values()) waiter.reject(new Error('the inspector session has ended'));
    this.waiting.clear();
    try {
      this.session.dispose();
    } catch {
      // the isolate is gone already
    }
  }
}
