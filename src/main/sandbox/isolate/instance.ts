import type IsolatedVM from 'isolated-vm';
import { CodeCache } from './code-cache';
import { toSandboxError } from '../errors';
import { ivm } from './ivm';
import type { InstanceSpec } from './instance-spec';
import { asyncOps } from './ops';
import { compileRealmScripts, completeRealm, prepareRealm, type RunBindings } from './realm';
import { RealmCycle, type RealmState, type RenewAhead } from './realm-cycle';

export type { InstanceSpec } from './instance-spec';
export type { RunBindings } from './realm';

/**
 * One warm isolate: its own heap (memory limit), the sandbox runtime, the user's module and the
 * libraries it imports, compiled once (V8's code cache). Runs one batch at a time, each in a
 * fresh realm: how a batch gets its realm is `cycle`'s (realm-cycle.ts): begin() before the run,
 * end() after it.
 */
export class SandboxInstance {
  bindings: RunBindings | null = null;
  lastUsed = Date.now();
  readonly memoryLimitMb: number;

  private constructor(
    readonly isolate: IsolatedVM.Isolate,
    private readonly cycle: RealmCycle,
    spec: InstanceSpec,
  ) {
    this.memoryLimitMb = spec.memoryLimitMb;
  }

  /** Where its realm is in its life (realm-cycle.ts). */
  get state(): RealmState {
    return this.cycle.state;
  }

  get broken(): boolean {
    return this.cycle.state === 'broken';
  }

  get disposed(): boolean {
    return this.isolate.isDisposed;
  }

  /** The entry of the current realm (the runtime's `entry(op, …)`). */
  get entry() {
    return this.cycle.entry;
  }

  /** A run begins in a realm no batch has run in (the cycle is `running`), or the instance is `broken`. */
  begin(): Promise<void> {
    return this.cycle.begin();
  }

  /** The run is over: the next realm is prepared ahead (realm-cycle.ts: `renew`, when and on which thread). */
  end(renew?: RenewAhead): void {
    this.cycle.end(renew);
  }

  /**
   * A full garbage collection of this isolate, between runs. Strings copied into an isolate (each
   * batch's events) are external memory that V8 only reclaims in a full collection, which it
   * starts late (tens of MB later) when the isolate's own heap stays small; the runner asks for
   * one once an isolate's external memory passes a few MB, so warm isolates stay small.
   */
  async collectGarbage(): Promise<void> {
    const collect = this.cycle.collect;
    if (collect && !this.disposed) await collect.apply(undefined, [], { timeout: 1000 });
  }

  static async create(spec: InstanceSpec, cache: CodeCache): Promise<SandboxInstance> {
    const lib = ivm();
    const holder: { instance?: SandboxInstance } = {};
    const isolate = new lib.Isolate({
      memoryLimit: spec.memoryLimitMb,
      ...(spec.inspect ? { inspector: true } : {}),
      onCatastrophicError: () => holder.instance?.cycle.break(),
    });
    const limits = { timeoutMs: spec.timeoutMs, memoryLimitMb: spec.memoryLimitMb };
    try {
      await spec.inspect?.(isolate);
      const scripts = await compileRealmScripts(asyncOps, isolate, spec, cache);
      const prepared = await prepareRealm(asyncOps, isolate, scripts, spec, cache, holder);
      const realm = await completeRealm(asyncOps, prepared, spec);
      const cycle = new RealmCycle(isolate, realm, scripts, { ...spec, inspect: undefined }, !!spec.inspect, cache, holder);
      const instance = new SandboxInstance(isolate, cycle, spec);
      holder.instance = instance;
      return instance;
    } catch (error) {
      // An inspected isolate is left to its debug process, which ends after its one session:
      // disposing it with its inspector session open never returned (a coverage of code with no
      // transformEvent waited for its 22 s watchdog), and ending the session first crashed (SIGSEGV).
      if (!spec.inspect) dispose(isolate);
      throw toSandboxError(error, limits);
    }
  }

  /** The realm the next run enters can take its first pieces now (realm-cycle.ts: ready, or prepared ahead). */
  get canStage(): boolean {
    return this.cycle.stageEntry !== undefined;
  }

  /** Parses a piece of the next run's batch (a JSON array of events) into the realm it will run in, on this thread. */
  stage(id: number, text: string, timeoutMs: number): void {
    const entry = this.cycle.stageEntry;
    if (!entry) throw new Error('no realm can take the batch now');
    entry.applySync(undefined, ['stage', id, false, text], { timeout: timeoutMs });
  }

  /** Drops the pieces staged in the isolate (their run will not come). */
  unstage(): void {
    this.cycle.stageEntry?.applySync(undefined, ['unstage'], { timeout: 1000 });
  }

  dispose(): void {
    this.bindings = null;
    this.cycle.break();
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
