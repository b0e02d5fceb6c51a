import { createHash } from 'node:crypto';
import type IsolatedVM from 'isolated-vm';

/**
 * V8 code cache per (filename, source): a module compiled once produces cached data that later
 * isolates (cold starts, replacements after a failure) consume instead of parsing again. Bounded LRU.
 */
export class CodeCache {
  private readonly entries = new Map<string, IsolatedVM.ExternalCopy<ArrayBuffer>>();
  /**
   * The last key made for each (kind, filename), with the source it was made of: a warm isolate
   * compiles the same sources for every realm (one per batch), and a sha256 per source per realm
   * was ~4% of a sandbox process's thread in 10-event test runs (docs/decisions/011, round 7).
   */
  private readonly keys = new Map<string, { code: string; key: string }>();
  constructor(private readonly capacity = 128) {}

  /** The key of a source: what it is compiled as, its filename, its text. */
  static key(kind: string, filename: string, code: string): string {
    const hash = createHash('sha256');
    for (const part of [kind, filename, code]) hash.update(part).update('\0');
    return hash.digest('base64url');
  }

  /** CodeCache.key, remembered per (kind, filename) while the source stays the same. */
  keyOf(kind: string, filename: string, code: string): string {
    const name = `${kind}\0${filename}`;
    const known = this.keys.get(name);
    // The same string object in every realm of an isolate: === compares a pointer first.
    if (known?.code === code) return known.key;
    const key = CodeCache.key(kind, filename, code);
    this.keys.delete(name);
    this.keys.set(name, { code, key });
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.keys().next().value as string);
    return key;
  }

  get(key: string): IsolatedVM.ExternalCopy<ArrayBuffer> | undefined {
    const data = this.entries.get(key);
    if (data) {
      this.entries.delete(key);
      this.entries.set(key, data);
    }
    return data;
  }

  set(key: string, data: IsolatedVM.ExternalCopy<ArrayBuffer>): void {
    this.entries.delete(key);
    this.entries.set(key, data);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.get(oldest)?.release();
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.get(key)?.release();
    this.entries.delete(key);
  }

  clear(): void {
    for (const data of this.entries.values()) data.release();
    this.entries.clear();
    this.keys.clear();
  }
}
