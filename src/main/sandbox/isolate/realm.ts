import type IsolatedVM from 'isolated-vm';
import { CodeCache } from './code-cache';
import { messages, sandboxError, SUPPORTED_FUNCTIONS } from '../errors';
import type { CredentialLookup } from '../host/credentials';
import { credentialHandler } from '../host/credentials';
import { ivm } from './ivm';
import { evaluateSettled } from './module-settle';
import { boundedBuffersSource } from './bounded-buffers-source';
import { decodeSpecifier } from './imports';
import { RUNTIME_FILENAME, runtimeSource } from './runtime-source';
import type { InstanceSpec } from './instance-spec';

// A realm of an isolate: a context with the runtime, the user's module and the libraries it
// imports. An instance makes one when it is created and a fresh one after every run (renew).

const BUILT_IN = /^@rs\//;

export type Entry = IsolatedVM.Reference<(op: string, a?: string | number, b?: boolean, c?: string) => string>;

/** What the host callbacks of an instance talk to while a run is in progress. */
export interface RunBindings {
  onStart(kind: string, id: number, json: string): void;
  credential: CredentialLookup;
}

/** Where the host callbacks of a realm find the run in progress. */
export interface BindingsHolder {
  instance?: { bindings: RunBindings | null };
}

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

export interface Realm {
  context: IsolatedVM.Context;
  entry: Entry;
  kind: 'transformEvent' | 'transformBatch';
  collect: Collector | null;
}

/** A new context of the isolate with the runtime, the user's module and the libraries it imports, evaluated. */
export async function buildRealm(
  isolate: IsolatedVM.Isolate,
  spec: InstanceSpec,
  cache: CodeCache,
  holder: BindingsHolder,
  inspector = spec.inspect !== undefined,
): Promise<Realm> {
  const lib = ivm();
      const { context, collect } = await createContext(isolate, spec.memoryLimitMb, inspector);
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
      // The module handles are not needed once the entry holds the namespace: released, so an
      // old realm keeps nothing alive after it is let go (renew).
      main.release();
      for (const module of compiled.values()) module.release();
  return { context, entry, kind, collect };
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

export type Collector = IsolatedVM.Reference<() => void>;

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
