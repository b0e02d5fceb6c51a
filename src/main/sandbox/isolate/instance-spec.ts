import type IsolatedVM from 'isolated-vm';
import type { RuntimeLimits } from '../protocol/messages';
import type { SandboxLibrary } from '../types';

/** What an instance is made of: the user's code, the libraries it may import, its limits. */
export interface InstanceSpec {
  /** Module name in stack traces ("base transformation" or the transformation's name). */
  name: string;
  code: string;
  /** Offered libraries by import name; only the imported ones are compiled. */
  libraries: Map<string, SandboxLibrary>;
  memoryLimitMb: number;
  timeoutMs: number;
  runtime: RuntimeLimits;
  /**
   * Debug sessions only (src/main/debug): the isolate and its context are made with V8's
   * inspector, and this is called with the isolate before any code is compiled in it; what it
   * returns is awaited before the first compile (so a profiler enabled there sees every script).
   */
  inspect?: (isolate: IsolatedVM.Isolate) => void | Promise<unknown>;
}
