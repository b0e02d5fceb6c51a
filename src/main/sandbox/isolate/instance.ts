import type IsolatedVM from 'isolated-vm';
import { CodeCache } from './code-cache';
import { messages, sandboxError, SUPPORTED_FUNCTIONS, toSandboxError } from '../errors';
import type { CredentialLookup } from '../host/credentials';
import { credentialHandler } from '../host/credentials';
import { ivm } from './ivm';
import { evaluateSettled } from './module-settle';
import { boundedBuffersSource } from './bounded-buffers-source';
import { decodeSpecifier } from './imports';
import { RUNTIME_FILENAME, runtimeSource } from './runtime-source';
import type { RuntimeLimits } from '../protocol/messages';
import type { SandboxLibrary } from '../types';

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
   * inspector, and this is called with the isolate before any code is compiled in it.
   */
  inspect?: (isolate: IsolatedVM.Isolate) => void;
}

/** What the host callbacks of an instance talk to while a run is in progress. */
export interface RunBindings {
  onStart(kind: string, id: number, json: string): void;
  credential: CredentialLookup;
}

type Entry = IsolatedVM.Reference<(op: string, a?: string | number, b?: boolean, c?: string) => string>;

const BUILT_IN = /^@rs\//;

/**
 * Globals deleted from every context before the runtime and user code run. `gc` exists when the
 * sandbox process runs with --expose-gc: the host keeps a reference on it (see collectGarbage).
 */
export const REMOVED_GLOBALS = ['SharedArrayBuffer', 'Atomics', 'gc'] as const;
// `gc` is not configurable: it cannot be deleted, only emptied (an own property left undefined).
const REMOVED_GLOBALS_SOURCE = REMOVED_GLOBALS.map(
  (name) => `delete globalThis.${name}; if (Object.prototype.hasOwnProperty.call(globalThis, '${name}')) globalThis.${name} = undefined;`,
).join(' ');

/** Resolver for imports inside a library: libraries cannot import (as in the hosted service). */
export const noImports = (specifier: string): never => {
  throw new Error(BUILT_IN.test(specifier) ? messages.builtInOffline(specifier) : messages.moduleNotFound(specifier));
};

/**
 * One warm isolate: its own heap (memory limit), the sandbox runtime, the user's module and the
 * libraries it imports, compiled once. Runs one batch at a time.
 */
export class SandboxInstance {
  bindings: RunBindings | null = null;
  broken = false;
  lastUsed = Date.now();

  private constructor(
    readonly isolate: IsolatedVM.Isolate,
    readonly context: IsolatedVM.Context,
    readonly entry: Entry,
    readonly kind: 'transformEvent' | 'transformBatch',
    readonly memoryLimitMb: number,
    private readonly collect: Collector | null,
  ) {}

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
      const { context, collect } = await createContext(isolate, spec.memoryLimitMb, spec.inspect !== undefined);
      const start = new lib.Callback(
        (kind: unknown, id: unknown, json: unknown) => {
          if (typeof kind === 'string' && typeof id === 'number' && typeof json === 'string') holder.instance?.bindings?.onStart(kind, id, json);
        },
        { ignored: true },
      );
      // A part of an answer, from a run entered on the host's thread (applySync): called
      // synchronously, so the part leaves while the isolate goes on serialising the rest.
      const part = new lib.Callback((id: unknown, json: unknown) => {
        if (typeof id === 'number' && typeof json === 'string') holder.instance?.bindings?.onStart('part', id, json);
      });
      const credential = new lib.Callback(credentialHandler(() => holder.instance?.bindings?.credential ?? (() => undefined)));
      const setup = (await context.evalClosure(runtimeSource(spec.runtime), [start, credential, part], {
        result: { reference: true },
        timeout: spec.timeoutMs,
        filename: RUNTIME_FILENAME,
      })) as IsolatedVM.Reference;

      const main = await compile(isolate, spec.code, spec.name, cache);
      const compiled = new Map<string, IsolatedVM.Module>();
      await main.instantiate(context, async (raw) => {
        const specifier = decodeSpecifier(raw);
        if (BUILT_IN.test(specifier)) throw new Error(messages.builtInOffline(specifier));
        const library = spec.libraries.get(specifier);
        if (!library) throw new Error(messages.moduleNotFound(specifier));
        const known = compiled.get(specifier);
        if (known) return known;
        const module = await compile(isolate, library.code, `library ${specifier}`, cache);
        await module.instantiate(context, noImports);
        compiled.set(specifier, module);
        return module;
      });
      await evaluateSettled(isolate, context, main, spec.name, spec.timeoutMs);
      const found = (await context.evalClosure(
        `return ${JSON.stringify(SUPPORTED_FUNCTIONS)}.filter((name) => typeof $0[name] === 'function');`,
        [main.namespace.derefInto()],
        { result: { copy: true }, timeout: spec.timeoutMs },
      )) as string[];
      if (found.length !== 1) throw sandboxError(messages.expectedOneOf(found));
      const kind = found[0] as 'transformEvent' | 'transformBatch';
      const entry = (await setup.apply(undefined, [main.namespace.derefInto(), kind], {
        result: { reference: true },
        timeout: spec.timeoutMs,
      })) as Entry;
      setup.release();
      const instance = new SandboxInstance(isolate, context, entry, kind, spec.memoryLimitMb, collect);
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

/**
 * A new context without the primitives the hosted isolate does not offer and that can abort the
 * whole process (Atomics.waitAsync on a SharedArrayBuffer ends it with "terminate called ..."):
 * they are gone before any code runs; buffers V8 does not count are counted (bounded-buffers-source.ts).
 */
export async function createContext(isolate: IsolatedVM.Isolate, memoryLimitMb: number, inspector = false): Promise<{ context: IsolatedVM.Context; collect: Collector | null }> {
  const context = await (inspector ? isolate.createContext({ inspector: true }) : isolate.createContext());
  const gc = (await context.global.get('gc', { reference: true })) as IsolatedVM.Reference;
  await context.eval(REMOVED_GLOBALS_SOURCE + boundedBuffersSource(memoryLimitMb));
  return { context, collect: gc.typeof === 'function' ? (gc as Collector) : null };
}

type Collector = IsolatedVM.Reference<() => void>;

/** Compiles a module, reusing V8's code cache for the same source across isolates. */
export async function compile(isolate: IsolatedVM.Isolate, code: string, filename: string, cache: CodeCache): Promise<IsolatedVM.Module> {
  const key = CodeCache.key(filename, code);
  const cachedData = cache.get(key);
  const module = await isolate.compileModule(code, cachedData ? { filename, cachedData } : { filename, produceCachedData: true });
  const produced = module as unknown as { cachedData?: IsolatedVM.ExternalCopy<ArrayBuffer>; cachedDataRejected?: boolean };
  if (!cachedData && produced.cachedData) cache.set(key, produced.cachedData);
  if (cachedData && produced.cachedDataRejected) cache.delete(key);
  return module;
}
