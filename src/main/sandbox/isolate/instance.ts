import type IsolatedVM from 'isolated-vm';
import { CodeCache } from './code-cache';
import { toSandboxError } from '../errors';
import { ivm } from './ivm';
import type { InstanceSpec } from './instance-spec';
import { buildRealm, type Collector, type Entry, type Realm, type RunBindings } from './realm';

export type { InstanceSpec } from './instance-spec';
export { compile, createContext, noImports, REMOVED_GLOBALS, type RunBindings } from './realm';

/**
 * One warm isolate: its own heap (memory limit), the sandbox runtime, the user's module and the
 * libraries it imports, compiled once (V8's code cache). Runs one batch at a time, each in a
 * fresh realm (renew).
 */
export class SandboxInstance {
  bindings: RunBindings | null = null;
  broken = false;
  lastUsed = Date.now();

  context: IsolatedVM.Context;
  entry: Entry;
  readonly kind: 'transformEvent' | 'transformBatch';
  readonly memoryLimitMb: number;
  private collect: Collector | null;
  /** A fresh realm being made for the next run (renew); runs wait for it. */
  renewing: Promise<void> | undefined;

  private constructor(
    readonly isolate: IsolatedVM.Isolate,
    realm: Realm,
    private readonly spec: InstanceSpec,
    private readonly cache: CodeCache,
  ) {
    this.context = realm.context;
    this.entry = realm.entry;
    this.kind = realm.kind;
    this.collect = realm.collect;
    this.memoryLimitMb = spec.memoryLimitMb;
  }

  /**
   * Starts making a fresh realm (context, runtime, the user's module and libraries) for the next
   * run, as the hosted runtime does between executions: nothing a batch changed (module state,
   * globals, prototypes) reaches the next. The compiled code is reused (V8's code cache), the
   * isolate and its heap too. The old realm is released once the new one is in place.
   */
  renew(): void {
    if (this.renewing || this.disposed) return;
    const holder = { instance: this as SandboxInstance };
    this.renewing = buildRealm(this.isolate, { ...this.spec, inspect: undefined }, this.cache, holder, this.spec.inspect !== undefined)
      .then((realm) => {
        if (this.disposed) return;
        const old = { context: this.context, entry: this.entry, collect: this.collect };
        this.context = realm.context;
        this.entry = realm.entry;
        this.collect = realm.collect;
        // Every handle into the old realm goes, or the realm stays reachable and the heap grows by
        // one realm per run (about 1 MB each, seen as a warm isolate's heap climbing after each collection).
        old.entry.release();
        old.collect?.release();
        old.context.release();
      })
      .catch(() => {
        this.broken = true;
      })
      .finally(() => {
        this.renewing = undefined;
      });
  }

  /**
   * A full garbage collection of this isolate, between runs. Strings copied into an isolate (each
   * batch's events) are external memory that V8 only reclaims in a full collection, which it
   * starts late (tens of MB later) when the isolate's own heap stays small; the runner asks for
   * one once an isolate's external memory passes a few MB, so warm isolates stay small.
   */
  async collectGarbage(): Promise<void> {
    if (this.collect && !this.disposed) await this.collect.apply(undefined, [], { timeout: 1000 });
  }

  static async create(spec: InstanceSpec, cache: CodeCache): Promise<SandboxInstance> {
    const lib = ivm();
    const holder: { instance?: SandboxInstance } = {};
    const isolate = new lib.Isolate({
      memoryLimit: spec.memoryLimitMb,
      ...(spec.inspect ? { inspector: true } : {}),
      onCatastrophicError: () => {
        if (holder.instance) holder.instance.broken = true;
      },
    });
    const limits = { timeoutMs: spec.timeoutMs, memoryLimitMb: spec.memoryLimitMb };
    try {
      spec.inspect?.(isolate);
      const realm = await buildRealm(isolate, spec, cache, holder);
      const instance = new SandboxInstance(isolate, realm, spec, cache);
      holder.instance = instance;
      return instance;
    } catch (error) {
      dispose(isolate);
      throw toSandboxError(error, limits);
    }
  }

  get disposed(): boolean {
    return this.isolate.isDisposed;
  }

  /** Parses a piece of the next run's batch (a JSON array of events) into the isolate, on this thread. */
  stage(id: number, text: string, timeoutMs: number): void {
    this.entry.applySync(undefined, ['stage', id, false, text], { timeout: timeoutMs });
  }

  /** Drops the pieces staged in the isolate (their run will not come). */
  unstage(): void {
    this.entry.applySync(undefined, ['unstage'], { timeout: 1000 });
  }

  dispose(): void {
    this.broken = true;
    this.bindings = null;
    dispose(this.isolate);
  }
}

function dispose(isolate: IsolatedVM.Isolate): void {
  try {
    if (!isolate.isDisposed) isolate.dispose();
  } catch {
    // already gone
  }
}


