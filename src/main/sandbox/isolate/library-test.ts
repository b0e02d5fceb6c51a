import type { CodeCache } from './code-cache';
import { toSandboxError } from '../errors';
import { asyncOps, compile, createContext, noImports } from './realm';
import { ivm } from './ivm';
import { evaluateSettled } from './module-settle';
import type { SandboxLibrary } from '../types';

/** Library test: the code must compile and evaluate as a module in a fresh isolate. */
export async function testLibraryCode(library: SandboxLibrary, limits: { memoryLimitMb: number; timeoutMs: number }, cache: CodeCache): Promise<void> {
  const lib = ivm();
  const isolate = new lib.Isolate({ memoryLimit: limits.memoryLimitMb });
  try {
    const context = await createContext(isolate, limits.memoryLimitMb);
    const module = await compile(asyncOps, isolate, library.code, `library ${library.importName}`, cache);
    await module.instantiate(context, noImports);
    await evaluateSettled(asyncOps, isolate, context, module, `library ${library.importName}`, limits.timeoutMs);
  } catch (error) {
    throw toSandboxError(error, limits);
  } finally {
    if (!isolate.isDisposed) isolate.dispose();
  }
}
