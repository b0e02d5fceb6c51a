/** What the pool keeps: an isolate in this process, or the core's handle on one in a sandbox process. */
export interface PooledInstance {
  readonly memoryLimitMb: number;
  readonly broken: boolean;
  readonly disposed: boolean;
  lastUsed: number;
  dispose(): void;
}

export interface PoolLimits {
  /** Idle instances kept at most. */
  capacity: number;
  /** Sum of the memory limits (MB) of the idle instances kept at most. */
  memoryBudgetMb: number;
  /** An instance idle this long (ms) is disposed; 0: never. */
  idleMs: number;
}

/**
 * Warm isolates by cache key, least recently used first out. Only idle instances live here; an
 * instance is taken out for a run and put back afterwards if it is still healthy. At most
 * `capacity` idle instances whose memory limits add up to at most `memoryBudgetMb` are kept (the
 * oldest are disposed first), and an instance left idle for `idleMs` is disposed.
 */
export class InstancePool<T extends PooledInstance> {
  private readonly idle = new Map<string, T[]>();
  private count = 0;
  private memoryMb = 0;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private limits: PoolLimits) {}

  get size(): number {
    return this.count;
  }

  /** Sum of the memory limits of the idle instances (MB). */
  get reservedMb(): number {
    return this.memoryMb;
  }

  /** The idle instances, oldest key first. */
  instances(): T[] {
    return [...this.idle.values()].flat();
  }

  /**
   * The most recently used healthy instance of `key`; the most recent one `prefer` accepts first
   * (`only`: none other). Broken or disposed ones met on the way are let go.
   */
  take(key: string, prefer?: (instance: T) => boolean, only = false): T | undefined {
    const list = this.idle.get(key);
    if (!list) return undefined;
    for (let i = list.length - 1; i >= 0; i--) {
      const instance = list[i]!;
      if (instance.broken || instance.disposed) {
        list.splice(i, 1);
        this.forget(instance);
        instance.dispose();
      }
    }
    let at = prefer ? list.findLastIndex(prefer) : list.length - 1;
    if (at < 0 && !only) at = list.length - 1;
    const instance = at >= 0 ? list.splice(at, 1)[0] : undefined;
    if (instance) this.forget(instance);
    if (list.length === 0) this.idle.delete(key);
    return instance;
  }

  put(key: string, instance: T): void {
    const { capacity, memoryBudgetMb } = this.limits;
    if (instance.broken || instance.disposed || capacity <= 0 || instance.memoryLimitMb > memoryBudgetMb) {
      instance.dispose();
      return;
    }
    instance.lastUsed = Date.now();
    const list = this.idle.get(key) ?? [];
    this.idle.delete(key); // re-insert: most recently used last
    list.push(instance);
    this.idle.set(key, list);
    this.count++;
    this.memoryMb += instance.memoryLimitMb;
    this.evict();
    this.scheduleSweep();
  }

  /** Disposes the least recently used idle instance of a key (the core's pool evicted it). */
  drop(key: string): void {
    const list = this.idle.get(key);
    const victim = list?.shift();
    if (!victim) return;
    this.forget(victim);
    if (list!.length === 0) this.idle.delete(key);
    victim.dispose();
  }

  private forget(instance: T): void {
    this.count--;
    this.memoryMb -= instance.memoryLimitMb;
  }

  private evict(): void {
    while (this.count > this.limits.capacity || this.memoryMb > this.limits.memoryBudgetMb) {
      const [oldestKey, list] = this.idle.entries().next().value as [string, T[]];
      const victim = list.shift()!;
      this.forget(victim);
      if (list.length === 0) this.idle.delete(oldestKey);
      victim.dispose();
    }
  }

  /** Disposes the instances idle for longer than `idleMs`. */
  sweep(now = Date.now()): void {
    const { idleMs } = this.limits;
    if (idleMs <= 0) return;
    for (const [key, list] of [...this.idle]) {
      const keep = list.filter((instance) => {
        if (now - instance.lastUsed < idleMs) return true;
        this.forget(instance);
        instance.dispose();
        return false;
      });
      if (keep.length === 0) this.idle.delete(key);
      else this.idle.set(key, keep);
    }
  }

  private scheduleSweep(): void {
    const { idleMs } = this.limits;
    if (this.sweeper || idleMs <= 0) return;
    this.sweeper = setInterval(() => {
      this.sweep();
      if (this.count === 0 && this.sweeper) {
        clearInterval(this.sweeper);
        this.sweeper = null;
      }
    }, Math.max(50, Math.min(idleMs / 2, 30_000)));
    this.sweeper.unref();
  }

  resize(limits: Partial<PoolLimits>): void {
    this.limits = { ...this.limits, ...limits };
    this.evict();
  }

  clear(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    for (const list of this.idle.values()) for (const instance of list) instance.dispose();
    this.idle.clear();
    this.count = 0;
    this.memoryMb = 0;
  }
}
