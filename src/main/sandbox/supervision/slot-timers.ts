/** One pending timer per process (e.g. a background process's recycle check), replaced when set again. */
export class SlotTimers<K extends object> {
  private readonly timers = new Map<K, NodeJS.Timeout>();

  /** Runs `fn` after `ms` unless cancelled or set again first; does not keep the core alive. */
  set(key: K, ms: number, fn: () => void): void {
    this.cancel(key);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      fn();
    }, ms);
    timer.unref();
    this.timers.set(key, timer);
  }

  cancel(key: K): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
