import type IsolatedVM from 'isolated-vm';

// The isolated-vm calls a realm is made with, in two forms: asynchronous (each call runs on the
// isolate's own thread, this thread is free meanwhile: a new isolate, a debug session) and
// synchronous (each call runs on this thread: no hand-over between threads, which made renewing a
// realm after every batch cost more than the batch on a busy machine). realm.ts is written once
// against this interface; `await` on the synchronous form's plain values does not leave the tick.

type Maybe<T> = T | Promise<T>;
type Context = IsolatedVM.Context;
type Module = IsolatedVM.Module;
type Script = IsolatedVM.Script;
type Reference = IsolatedVM.Reference;
type CompileOptions = IsolatedVM.CompileModuleOptions;

export interface IsolateOps {
  createContext(isolate: IsolatedVM.Isolate, options: IsolatedVM.ContextOptions): Maybe<Context>;
  compileScript(isolate: IsolatedVM.Isolate, code: string, options: CompileOptions): Maybe<Script>;
  compileModule(isolate: IsolatedVM.Isolate, code: string, options: CompileOptions): Maybe<Module>;
  /** Runs a script; its completion value by reference. */
  run(script: Script, context: Context, timeout?: number): Maybe<Reference>;
  /** Instantiates a module whose imports `resolve` answers at once (compiled beforehand). */
  instantiate(module: Module, context: Context, resolve: (specifier: string) => Module): Maybe<void>;
  evaluate(module: Module, timeout: number): Maybe<unknown>;
  /** Calls a function of the isolate; its result by reference (`copy`: copied out). */
  apply(fn: Reference, args: unknown[], timeout: number, copy?: boolean): Maybe<unknown>;
  get(object: Reference, name: string): Maybe<Reference>;
  /** A value of the isolate copied out. */
  copy(value: Reference): Maybe<unknown>;
}

const result = (copy: boolean | undefined) => (copy ? { copy: true as const } : { reference: true as const });

export const asyncOps: IsolateOps = {
  createContext: (isolate, options) => isolate.createContext(options),
  compileScript: (isolate, code, options) => isolate.compileScript(code, options),
  compileModule: (isolate, code, options) => isolate.compileModule(code, options),
  run: (script, context, timeout) => script.run(context, { reference: true, timeout }) as Promise<Reference>,
  instantiate: (module, context, resolve) => module.instantiate(context, resolve),
  evaluate: (module, timeout) => module.evaluate({ timeout }),
  apply: (fn, args, timeout, copy) => fn.apply(undefined, args, { result: result(copy), timeout }),
  get: (object, name) => object.get(name, { reference: true }) as Promise<Reference>,
  copy: (value) => value.copy(),
};

export const syncOps: IsolateOps = {
  createContext: (isolate, options) => isolate.createContextSync(options),
  compileScript: (isolate, code, options) => isolate.compileScriptSync(code, options),
  compileModule: (isolate, code, options) => isolate.compileModuleSync(code, options),
  run: (script, context, timeout) => script.runSync(context, { reference: true, timeout }) as Reference,
  instantiate: (module, context, resolve) => module.instantiateSync(context, resolve),
  evaluate: (module, timeout) => module.evaluateSync({ timeout }),
  apply: (fn, args, timeout, copy) => fn.applySync(undefined, args, { result: result(copy), timeout }),
  get: (object, name) => object.getSync(name, { reference: true }) as Reference,
  copy: (value) => value.copySync(),
};
