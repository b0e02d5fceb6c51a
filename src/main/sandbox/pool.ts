import type { SandboxInstance } from './instance';

/**
 * Warm isolates by cache key, least recently used first out. Only idle instances live here; an
 * instance is taken out for a run and put back afterwards if it is still healthy. At most
 * `capacity` idle instances are kept; the oldest are disposed.
 */
export class InstancePool {
  private readonly idle = new Map<string, SandboxInstance[]>();
  private count = 0;

  constructor(private capacity: number) {}

  get size(): number {
    return this.count;
  }

  take(key: string): SandboxInstance | undefined {
    const list = this.idle.get(key);
    if (!list) return undefined;
    while (list.length > 0) {
      const instance = list.pop()!;
      this.count--;
      if (!instance.broken && !instance.isolate.isDisposed) {
        if (list.length === 0) this.idle.delete(key);
        return instance;
      }
      instance.dispose();
    }
    this.idle.delete(key);
    return undefined;
  }

  put(key: string, instance: SandboxInstance): void {
    if (instance.broken || instance.isolate.isDisposed || this.capacity <= 0) {
      instance.dispose();
      return;
    }
    instance.lastUsed = Date.now();
    const list = this.idle.get(key) ?? [];
    this.idle.delete(key); // re-insert: most recently used last
    list.push(instance);
    this.idle.set(key, list);
    this.count++;
    this.evict();
  }

  private evict(): void {
    while (this.count > this.capacity) {
      const [oldestKey, list] = this.idle.entries().next().value as [string, SandboxInstance[]];
      const victim = list.shift()!;
      this.count--;
      if (list.length === 0) this.idle.delete(oldestKey);
      victim.dispose();
    }
  }

  resize(capacity: number): void {
    this.capacity = capacity;
    this.evict();
  }

  clear(): void {
    for (const list of this.idle.values()) for (const instance of list) instance.dispose();
    this.idle.clear();
    this.count = 0;
  }
}
