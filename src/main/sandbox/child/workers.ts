import { pathToFileURL } from 'node:url';
import type { GroupedLines } from '../protocol/grouped';
import type { RunRequest, WorkRequest, WorkSide } from '../protocol/messages';

// The handler registry of the sandbox process: jobs of other rooms (replay's batch worker) that
// must run where their code's isolates are. The sandbox never imports them: the studio names
// each worker's module (SandboxOptions.workers), the core passes the list to the background
// process at its start (WORKERS_ENV), and the process imports a module on its first job.

/** What the sandbox process lends a worker. */
export interface WorkerTools {
  /** Runs a batch through one side on its warm isolate (one after another per side), answered per input event. */
  run(side: WorkSide, payload: string, events: number): Promise<GroupedLines>;
}

/** A worker: what its module's default export makes from the tools. */
export interface SandboxWorker {
  /** Does one job; `progress` tells how far it got (at least once per WORK_RUNS_IN_FLIGHT runs). */
  run(job: unknown, sides: WorkSide[], progress: (done: number) => void): Promise<unknown>;
  /** The job of this key starts nothing new (it answers once what is in flight is done). */
  cancel(key: string): void;
  close(): void;
}

export type WorkerFactory = (tools: WorkerTools) => SandboxWorker;

/** Environment variable of the background process: a JSON object of worker name → module path (or file URL). */
export const WORKERS_ENV = 'STUDIO_SANDBOX_WORKERS';

/** The workers named in the environment, each loaded on its first job. */
export function createWorkers(tools: WorkerTools, env: NodeJS.ProcessEnv = process.env) {
  const modules = JSON.parse(env[WORKERS_ENV] ?? '{}') as Record<string, string>;
  const loaded = new Map<string, Promise<SandboxWorker>>();
  const ready: SandboxWorker[] = [];
  const load = (name: string): Promise<SandboxWorker> => {
    let worker = loaded.get(name);
    if (!worker) {
      const module = Object.prototype.hasOwnProperty.call(modules, name) ? modules[name] : undefined;
      if (module === undefined) return Promise.reject(new Error(`no sandbox worker named ${name} is registered`));
      const url = module.startsWith('file:') ? module : pathToFileURL(module).href;
      worker = import(url).then((m: { default: WorkerFactory }) => {
        const made = m.default(tools);
        ready.push(made);
        return made;
      });
      loaded.set(name, worker);
    }
    return worker;
  };
  return {
    run: (request: WorkRequest, progress: (done: number) => void) => load(request.worker).then((worker) => worker.run(request.job, request.sides, progress)),
    cancel(name: string, key: string): void {
      void loaded.get(name)?.then((worker) => worker.cancel(key));
    },
    close(): void {
      for (const worker of ready) worker.close();
    },
  };
}

/** The run request of one side's batch of `events` events, answered per input event. */
export const groupedRun = ({ lanes, ...side }: WorkSide, payload: string, events: number): RunRequest => ({ ...side, type: 'run', id: 0, payload, mode: { kind: 'grouped', events, lanes } });
