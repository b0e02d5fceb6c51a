// The sandbox room's front door: what the rest of the studio calls (createSandbox) and the
// contract of its runs (types.ts). Inside: core/ (the façade: requests, warm handles, answers),
// supervision/ (the sandbox processes: placement, policies), protocol/ (messages between the
// core and a process, RunMode), child/ (what runs in a sandbox process), isolate/ (instance,
// run, the in-isolate runtime), host/ (fetch, geolocation, credentials, log for user code).
export { createSandbox, type ProcessSandbox } from './core/sandbox';
export type { SandboxOptions } from './core/options';
export { cacheKeyOf, codeInput, type CodeVersion } from './core/code-input';
export * from './types';
export type { SandboxSettings } from '../../shared/api/sandbox-settings';
export type { SandboxProcessInfo } from './supervision/process-pool';
export { importNameOf, importSpecifiers } from './isolate/imports';
