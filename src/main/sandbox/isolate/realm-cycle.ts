import type IsolatedVM from 'isolated-vm';
import type { CodeCache } from './code-cache';
import type { InstanceSpec } from './instance-spec';
import { asyncOps, syncOps, type IsolateOps } from './ops';
import { completeRealm, prepareRealm, releasePrepared, releaseRealm, type BindingsHolder, type PreparedRealm, type Realm, type RealmScripts } from './realm';

/**
 * Where a warm isolate's realm is in its life (one batch per realm, as the hosted runtime resets
 * its context between executions):
 *
 *     ready ─begin─▶ running ─end─▶ spent ─(at once, or once the answer left)─▶ preparing ─▶ prepared
 *       spent, preparing, prepared ─begin: the prepared realm is completed─▶ running
 *       any step that fails (or the isolate is disposed) ─▶ broken
 *
 * - ready: the current realm has run no batch; the next run enters it.
 * - running: a batch runs in the current realm.
 * - spent: a batch ran in it; the next run needs a fresh realm.
 * - preparing / prepared: the next realm is being made / is made: context, runtime installed,
 *   modules compiled (code cache), linked and evaluated (their top level has run, as in a new
 *   isolate's first realm), the entry set up; no batch has run in it. A debug session's isolate
 *   stops before the evaluation: its top level runs within the run, where the debugger steps.
 * - broken: the owner disposes the isolate.
 */
export type RealmState = 'ready' | 'running' | 'spent' | 'preparing' | 'prepared' | 'broken';

/** When and on which thread the next realm is prepared after a run (RealmCycle.end). */
export type RenewAhead = 'ahead' | 'when-idle';

/** Runs in progress in this process, over every cycle (which thread renews a realm depends on it). */
let running = 0;

/**
 * The fresh-context life cycle of one warm isolate, in one place: how a batch gets its realm.
 *
 * begin() gives a run a realm no batch has run in: the current one when ready; else the next one,
 * prepared ahead (or now), and the old realm is released. The modules' top level ran in the
 * preparation (under the same time limit, off the run's path; a realm whose top level failed
 * breaks the isolate, and the run then starts a new one, whose first realm reports the error);
 * for a debug session's isolate it runs here, within the run. end(renew) marks the realm spent and has the
 * next one prepared ahead, so the next batch finds its context made or waits for less of it:
 * - 'ahead' (replay's batches): at once, on the isolate's own thread (asynchronous calls), while
 *   this thread sends the answer and takes the key's next batch, which is already queued here.
 * - 'when-idle' (test runs, pipeline batches): once the answer has left (the event loop's check
 *   phase), on this thread (synchronous calls) when no other run is in this process, else on the
 *   isolate's. Each asynchronous call is a hand-over between two threads and back: ten of them per
 *   realm cost more CPU in all than the synchronous calls, and on a busy machine a 10-event test
 *   run waited for the isolate's thread to get a core (docs/decisions/011, round 4).
 *
 * On a run's path (begin), the caller's thread when no other run is in this process (synchronous
 * calls), else the isolate's own. A debug session's isolate (inspector) always uses the
 * asynchronous calls.
 */
export class RealmCycle {
  private current: RealmState = 'ready';
  private realm: Realm;
  private next: PreparedRealm | undefined;
  /** The next realm, completed ahead (every isolate but a debug session's). */
  private nextRealm: Realm | undefined;
  private preparing: Promise<void> | undefined;

  constructor(
    private readonly isolate: IsolatedVM.Isolate,
    first: Realm,
    private readonly scripts: RealmScripts,
    /** What each realm is made of (without the debug room's hook: it ran once, for the isolate). */
    private readonly spec: InstanceSpec,
    /** A debug session's isolate: its contexts have the inspector on, renewed with asynchronous calls. */
    private readonly inspected: boolean,
    private readonly cache: CodeCache,
    private readonly holder: BindingsHolder,
  ) {
    this.realm = first;
  }

  get state(): RealmState {
    return this.current;
  }

  /** The entry of the current realm (the runtime's `entry(op, …)`). */
  get entry(): Realm['entry'] {
    return this.realm.entry;
  }

  /**
   * The entry of the realm a run's pieces go to now (`stage`), if any: the current realm while no
   * batch ran in it or the run is in it, or the next one once it is prepared (its runtime is
   * installed, its intrinsics captured before any of the user's code ran; no batch has run in it).
   */
  get stageEntry(): Realm['entry'] | undefined {
    if (this.current === 'ready' || this.current === 'running') return this.realm.entry;
    if (this.current === 'prepared') return (this.nextRealm ?? this.next!).entry;
    return undefined;
  }

  /** V8's `gc` in the current realm, when the process exposes it. */
  get collect(): Realm['collect'] {
    return this.realm.collect;
  }

  /** Synchronous calls on the caller's thread when nothing else runs here, else the isolate's thread. */
  private ops(): IsolateOps {
    return !this.inspected && running === 0 ? syncOps : asyncOps;
  }

  /** A run begins: afterwards the cycle is `running` in a realm no batch has run in, or `broken`. */
  async begin(): Promise<void> {
    if (this.current === 'spent') await this.prepare();
    else if (this.current === 'preparing') await this.preparing;
    if (this.current === 'prepared') {
      // Completed ahead, or (a debug session's isolate) completed now, within the run.
      let realm = this.nextRealm;
      const prepared = this.next;
      this.next = this.nextRealm = undefined;
      if (!realm) {
        try {
          realm = await completeRealm(this.ops(), prepared!, this.spec);
        } catch {
          releasePrepared(prepared!);
          this.current = 'broken';
          return;
        }
      }
      releaseRealm(this.realm);
      this.realm = realm;
      this.current = 'ready';
    }
    if (this.current !== 'ready') return;
    this.current = 'running';
    running++;
  }

  /**
   * The run is over (whatever its outcome): its realm is spent, and the next one is prepared ahead
   * (`renew`, see the class: 'ahead' at once on the isolate's thread, 'when-idle' once the answer
   * has left, on this thread when nothing else runs here). A run that begins first prepares it
   * itself.
   */
  end(renew: RenewAhead = 'ahead'): void {
    if (this.current !== 'running') return;
    running--;
    this.current = 'spent';
    if (renew === 'ahead') {
      void this.prepare(true);
      return;
    }
    setImmediate(() => {
      if (this.current === 'spent') void this.prepare();
    });
  }

  /**
   * Prepares the next realm (context, runtime, modules compiled, linked and, but for a debug
   * session's isolate, evaluated and set up), unless one is. `ahead` (after a run, off any run's
   * path): on the isolate's thread, this one stays free.
   */
  private prepare(ahead = false): Promise<void> {
    if (this.current !== 'spent') return this.preparing ?? Promise.resolve();
    this.current = 'preparing';
    const ops = ahead ? asyncOps : this.ops();
    this.preparing = (async () => {
      try {
        const next = await prepareRealm(ops, this.isolate, this.scripts, this.spec, this.cache, this.holder, this.inspected);
        if (this.current !== 'preparing') return releasePrepared(next);
        if (this.inspected) this.next = next;
        else {
          let realm: Realm;
          try {
            realm = await completeRealm(ops, next, this.spec);
          } catch (error) {
            releasePrepared(next);
            throw error;
          }
          if (this.current !== 'preparing') return releaseRealm(realm);
          this.nextRealm = realm;
        }
        this.current = 'prepared';
      } catch {
        this.current = 'broken';
      } finally {
        this.preparing = undefined;
      }
    })();
    return this.preparing;
  }

  /** The isolate failed or goes: nothing more is prepared or entered. */
  break(): void {
    if (this.current === 'running') running--;
    this.current = 'broken';
    if (this.next && !this.isolate.isDisposed) releasePrepared(this.next);
    if (this.nextRealm && !this.isolate.isDisposed) releaseRealm(this.nextRealm);
    this.next = undefined;
    this.nextRealm = undefined;
  }
}
