import { createHash } from 'node:crypto';
import type IsolatedVM from 'isolated-vm';

/**
 * V8 code cache per (filename, source): a module compiled once produces cached data that later
 * isolates (cold starts, replacements after a failure) consume instead of parsing again. Bounded LRU.
 */
export class CodeCache {
  private readonly entries = new Map<string, IsolatedVM.ExternalCopy<ArrayBuffer>>();
  constructor(private readonly capacity = 128) {}

  /** The key of a source: what it is compiled as, its filename, its text. */
  static key(...parts: string[]): string {
    const hash = createHash('sha256');
    for (const part of parts) hash.update(part).update('\0');
    return hash.digest('base64url');
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
  }
}
