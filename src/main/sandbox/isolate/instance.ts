import type IsolatedVM from 'isolated-vm';
import { CodeCache } from './code-cache';
import { toSandboxError } from '../errors';
import { ivm } from './ivm';
import type { InstanceSpec } from './instance-spec';
import { asyncOps, syncOps, type IsolateOps } from './ops';
import {
  compileRealmScripts,
  completeRealm,
  prepareRealm,
  releasePrepared,
  type Collector,
  type Entry,
  type PreparedRealm,
  type Realm,
  type RealmScripts,
  type RunBindings,
} from './realm';

export type { InstanceSpec } from './instance-spec';
export type { RunBindings } from './realm';

/**
 * One warm isolate: its own heap (memory limit), the sandbox runtime, the user's module and the
 * libraries it imports, compiled once (V8's code cache). Runs one batch at a time, each in a
 * fresh realm: once a run is over its realm is never entered again (`used`); the next one is
 * prepared ahead (prepareNext, on this thread once the answer has left) and completed when the
 * next run starts (fresh).
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
  /** The current realm ran a batch: the next run needs a fresh one. */
  used = false;
  private next: PreparedRealm | undefined;
  /** Realms are renewed on this thread (synchronous calls), but for a debug session's isolate. */
  private readonly ops: IsolateOps;
  private readonly holder: { instance: SandboxInstance };

  private constructor(
    readonly isolate: IsolatedVM.Isolate,
    realm: Realm,
    private readonly scripts: RealmScripts,
    private readonly spec: InstanceSpec,
    private readonly cache: CodeCache,
  ) {
    this.context = realm.context;
    this.entry = realm.entry;
    this.kind = realm.kind;
    this.collect = realm.collect;
    this.memoryLimitMb = spec.memoryLimitMb;
    this.ops = spec.inspect ? asyncOps : syncOps;
    this.holder = { instance: this };
  }

  /**
   * Prepares the realm of the next run (context, runtime, modules compiled and linked; none of
   * the user's code runs), unless one is ready. On this thread: the caller does it while it has
   * nothing else to do (after an answer has left).
   */
  async prepareNext(): Promise<void> {
    if (this.next || this.disposed || this.broken) return;
    try {
      this.next = await prepareRealm(this.ops, this.isolate, this.scripts, { ...this.spec, inspect: undefined }, this.cache, this.holder, this.spec.inspect !== undefined);
    } catch {
      this.broken = true;
    }
  }

  /**
   * Makes sure the next run enters a realm no batch has run in, as the hosted runtime does between
   * executions: nothing a batch changed (module state, globals, prototypes) reaches the next. The
   * prepared realm's modules run their top level here, within the run (its time limit, its
   * watchdog). The isolate and its heap are reused; the old realm is released.
   */
  async fresh(): Promise<void> {
    if (!this.used || this.disposed || this.broken) return;
    await this.prepareNext();
    const prepared = this.next;
    this.next = undefined;
    if (!prepared) return;
    let realm: Realm;
    try {
      realm = await completeRealm(this.ops, prepared, this.spec);
    } catch {
      this.broken = true;
      releasePrepared(prepared);
      return;
    }
    // Every handle into the old realm goes, or the realm stays reachable and the heap grows by
    // one realm per run (about 1 MB each, seen as a warm isolate's heap climbing after each collection).
    this.entry.release();
    this.collect?.release();
    this.context.release();
    this.context = realm.context;
    this.entry = realm.entry;
    this.collect = realm.collect;
    this.used = false;
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
      await spec.inspect?.(isolate);
      const scripts = await compileRealmScripts(asyncOps, isolate, spec, cache);
      const prepared = await prepareRealm(asyncOps, isolate, scripts, spec, cache, holder);
      const realm = await completeRealm(asyncOps, prepared, spec);
      const instance = new SandboxInstance(isolate, realm, scripts, spec, cache);
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
    if (this.next && !this.disposed) releasePrepared(this.next);
    this.next = undefined;
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
