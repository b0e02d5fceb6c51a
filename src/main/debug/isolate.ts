import { CodeCache } from '../sandbox/isolate/code-cache';
import { SandboxInstance } from '../sandbox/isolate/instance';
import type { RunEnv, RunLimits } from '../sandbox/isolate/run';
import { Inspector } from './inspector';
import type { DebugCode } from './protocol';
import { libraryScriptUrl } from '../../shared/api/debug';


/** The inspector-enabled isolate of a session, its CDP session, and what a run on it needs. */
export interface InspectedIsolate {
  instance: SandboxInstance;
  inspector: Inspector;
  env: RunEnv;
  /** Limits of a run entered on it; the time limit is `timeoutMs`. */
  limits: (timeoutMs: number) => RunLimits;
  /** Source of each user script by url (transformation and libraries). */
  sources: Map<string, string>;
}

/**
 * Builds the sandbox's isolate (same runtime, libraries and memory limit as every run) with V8's
 * inspector on; `prepare` gets the CDP session before any code is compiled (enable the debugger,
 * set breakpoints). `setupMs` bounds compiling and the module's top level.
 */
export async function inspectedIsolate(code: DebugCode, setupMs: number, prepare: (inspector: Inspector) => void | Promise<unknown>): Promise<InspectedIsolate> {
  let inspector: Inspector | undefined;
  const libraries = new Map(code.libraries.map((library) => [library.importName, library]));
  const instance = await SandboxInstance.create(
    {
      name: code.name,
      code: code.code,
      libraries,
      memoryLimitMb: code.memoryLimitMb,
      timeoutMs: setupMs,
      runtime: code.runtime,
      inspect(isolate) {
        inspector = new Inspector(isolate);
        return prepare(inspector);
      },
    },
    new CodeCache(),
  );
  const sources = new Map<string, string>([[code.name, code.code]]);
  for (const library of code.libraries) sources.set(libraryScriptUrl(library.importName), library.code);
  const credentials = code.credentials;
  return {
    instance,
    inspector: inspector!,
    sources,
    env: {
      allowPrivateNetwork: code.allowPrivateNetwork,
      geolocationUrl: code.geolocationUrl,
      credential: (key) => (Object.prototype.hasOwnProperty.call(credentials, key) ? credentials[key] : undefined),
    },
    limits: (timeoutMs) => ({ ...code.limits, timeoutMs, memoryLimitMb: code.memoryLimitMb }),
  };
}
