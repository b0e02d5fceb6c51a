import type IsolatedVM from 'isolated-vm';
import type { CodeCache } from './code-cache';
import { messages, sandboxError } from '../errors';
import type { CredentialLookup } from '../host/credentials';
import { credentialHandler } from '../host/credentials';
import { ivm } from './ivm';
import { asyncOps, type IsolateOps } from './ops';
import { prepareProbe, unsettledMessage } from './module-settle';
import { decodeSpecifier } from './imports';
import { preludeSource, RUNTIME_FILENAME, runtimeSource } from './runtime-source';
import type { InstanceSpec } from './instance-spec';

// A realm of an isolate: a context with the runtime, the user's module and the libraries it
// imports. It is made in two steps: prepareRealm runs none of the user's code (context, the
// scripts every realm starts with, modules compiled and linked), completeRealm runs the modules'
// top level. An instance makes one when it is created and a fresh one for every run: the next
// one is prepared and completed once a run has answered (realm-cycle.ts; a top level that stalls
// is stopped by the time limit of its evaluation); a debug session's isolate completes it when the
// next run starts, so the debugger steps through the top level within the run.

const BUILT_IN = /^@rs\//;

export type Entry = IsolatedVM.Reference<(op: string, a?: string | number, b?: boolean, c?: string) => string>;
export type Collector = IsolatedVM.Reference<() => void>;

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
const preludeOf = (memoryLimitMb: number) => preludeSource(memoryLimitMb, REMOVED_GLOBALS);

/** Resolver for imports inside a library: libraries cannot import (as in the hosted service). */
export const noImports = (specifier: string): never => {
  throw new Error(BUILT_IN.test(specifier) ? messages.builtInOffline(specifier) : messages.moduleNotFound(specifier));
};

/** The script every context of an isolate runs first, compiled once per isolate. */
export interface RealmScripts {
  /**
   * One script, one call per realm: the prelude (runtime/prelude.js: removes the primitives the
   * sandbox does not offer, counts the buffers V8 does not), then the runtime's factory as its
   * value (runtime-source.ts).
   */
  runtime: IsolatedVM.Script;
}

export interface Realm {
  context: IsolatedVM.Context;
  entry: Entry;
  collect: Collector | null;
}

/**
 * A realm none of the user's code has run in yet. Its entry takes a batch's first pieces already
 * (`stage`); it runs batches once completeRealm has set it up.
 */
export interface PreparedRealm {
  context: IsolatedVM.Context;
  collect: Collector | null;
  entry: Entry;
  /** The user's module and the libraries it imports. */
  modules: IsolatedVM.Module[];
  /**
   * The module whose evaluation runs the top level: the probe that imports the user's module
   * (module-settle.ts), or, when no source of the realm contains `await` (no top-level await can
   * stay pending), the user's module itself.
   */
  top: IsolatedVM.Module;
  /** `top` is the probe. */
  probed: boolean;
}

/** A source without the word `await` has no top-level await (a word in a string or comment only sends it through the probe). */
const mayAwait = (code: string) => /\bawait\b/.test(code);

export async function compileRealmScripts(ops: IsolateOps, isolate: IsolatedVM.Isolate, spec: InstanceSpec, cache: CodeCache): Promise<RealmScripts> {
  const runtime = await compile(ops, isolate, `${preludeOf(spec.memoryLimitMb)}\n${runtimeSource(spec.runtime)}`, RUNTIME_FILENAME, cache, 'script');
  return { runtime };
}

/** A new context with the runtime in place and the user's module and libraries compiled and linked. */
export async function prepareRealm(
  ops: IsolateOps,
  isolate: IsolatedVM.Isolate,
  scripts: RealmScripts,
  spec: InstanceSpec,
  cache: CodeCache,
  holder: BindingsHolder,
  inspector = spec.inspect !== undefined,
): Promise<PreparedRealm> {
  const lib = ivm();
  const context = await ops.createContext(isolate, inspector ? { inspector: true } : {});
  const gc = await ops.get(context.global, 'gc');
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
  const factory = await ops.run(scripts.runtime, context, spec.timeoutMs);
  const entry = (await ops.apply(factory, [start, credential, part], spec.timeoutMs)) as Entry;
  factory.release();

  // Libraries cannot import: each imported one is compiled and linked before the module.
  const main = await compile(ops, isolate, spec.code, spec.name, cache);
  const imported = new Map<string, IsolatedVM.Module>();
  for (const raw of main.dependencySpecifiers) {
    const specifier = decodeSpecifier(raw);
    if (BUILT_IN.test(specifier)) throw new Error(messages.builtInOffline(specifier));
    const library = spec.libraries.get(specifier);
    if (!library) throw new Error(messages.moduleNotFound(specifier));
    if (imported.has(specifier)) continue;
    const module = await compile(ops, isolate, library.code, `library ${specifier}`, cache);
    await ops.instantiate(module, context, noImports);
    imported.set(specifier, module);
  }
  await ops.instantiate(main, context, (raw) => imported.get(decodeSpecifier(raw)) ?? noImports(decodeSpecifier(raw)));
  const probed = mayAwait(spec.code) || main.dependencySpecifiers.some((raw) => mayAwait(spec.libraries.get(decodeSpecifier(raw))?.code ?? ''));
  const top = probed ? await prepareProbe(ops, isolate, context, main) : main;
  const modules = [main, ...imported.values()];
  return { context, collect: gc.typeof === 'function' ? (gc as Collector) : null, entry, modules: probed ? [...modules, top] : modules, top, probed };
}

/**
 * Runs the module's top level (and its libraries'), through the probe that imports it when one is
 * needed, and sets the entry up: in one call, the runtime's setup checks that the top level
 * settled and that the module exports exactly one of the functions the service calls (two
 * isolate calls in all).
 */
export async function completeRealm(ops: IsolateOps, prepared: PreparedRealm, spec: InstanceSpec): Promise<Realm> {
  const { context, entry, top, probed } = prepared;
  await ops.evaluate(top, spec.timeoutMs);
  // `namespace` makes a new handle on each read: released at once. Left to the host's own GC, each
  // held its realm (context, modules, the batch's garbage) past the forced collections of the
  // runner: the isolate's heap grew by a realm per run and every collection marked them all.
  const namespace = top.namespace;
  let answer: string;
  try {
    answer = String(await ops.apply(entry, ['setup', namespace.derefInto(), probed], spec.timeoutMs, true));
  } finally {
    namespace.release();
  }
  if (answer === '#') throw sandboxError(unsettledMessage(spec.name));
  if (answer !== '') {
    const found = answer.slice(1);
    throw sandboxError(messages.expectedOneOf(found === '' ? [] : found.split(',')));
  }
  releaseModules(prepared);
  return { context, entry, collect: prepared.collect };
}

/**
 * The module handles are not needed once the entry holds the namespace: released, so an old realm
 * keeps nothing alive after it is let go (renew).
 */
function releaseModules(prepared: PreparedRealm): void {
  for (const module of prepared.modules) module.release();
}

/** Lets a realm go: every handle into it, or it stays reachable (about 1 MB of heap per realm). */
export function releaseRealm(realm: Realm): void {
  realm.entry.release();
  realm.collect?.release();
  realm.context.release();
}

/** Lets a prepared realm go without completing it. */
export function releasePrepared(prepared: PreparedRealm): void {
  releaseModules(prepared);
  prepared.entry.release();
  prepared.collect?.release();
  prepared.context.release();
}

/** A new context, as every realm starts (library tests use it alone). */
export async function createContext(isolate: IsolatedVM.Isolate, memoryLimitMb: number): Promise<IsolatedVM.Context> {
  const context = await isolate.createContext();
  await context.eval(preludeOf(memoryLimitMb));
  return context;
}

/** Compiles a module (or a script), reusing V8's code cache for the same source across isolates. */
export async function compile(ops: IsolateOps, isolate: IsolatedVM.Isolate, code: string, filename: string, cache: CodeCache): Promise<IsolatedVM.Module>;
export async function compile(ops: IsolateOps, isolate: IsolatedVM.Isolate, code: string, filename: string, cache: CodeCache, as: 'script'): Promise<IsolatedVM.Script>;
export async function compile(ops: IsolateOps, isolate: IsolatedVM.Isolate, code: string, filename: string, cache: CodeCache, as?: 'script') {
  const key = cache.keyOf(as ?? 'module', filename, code);
  const cachedData = cache.get(key);
  const options = cachedData ? { filename, cachedData } : { filename, produceCachedData: true };
  const compiled = await (as === 'script' ? ops.compileScript(isolate, code, options) : ops.compileModule(isolate, code, options));
  const produced = compiled as unknown as { cachedData?: IsolatedVM.ExternalCopy<ArrayBuffer>; cachedDataRejected?: boolean };
  if (!cachedData && produced.cachedData) cache.set(key, produced.cachedData);
  if (cachedData && produced.cachedDataRejected) cache.delete(key);
  return compiled;
}

export { asyncOps };
