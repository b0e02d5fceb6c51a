import { availableParallelism } from 'node:os';

// How many sandbox processes the runs spread over: one setting (SandboxOptions.processes, else the
// environment's STUDIO_SANDBOX_PROCESSES, else the cores the core leaves: cores - 1, at least 1),
// bounded by the warm-memory budget (each process keeps its own warm isolates of the code it runs).

/** Environment variable of the core: sandbox processes, a whole number from 1 to MAX_SANDBOX_PROCESSES. */
export const PROCESSES_ENV = 'STUDIO_SANDBOX_PROCESSES';
export const MAX_SANDBOX_PROCESSES = 16;

/** The cores the core leaves to the sandbox: cores - 1, at least 1. */
export const spareCores = (cores = availableParallelism()): number => Math.max(1, cores - 1);

/** A whole number from 1 to `max` in `env[name]`, undefined when not set; a clear error otherwise. */
function wholeFromEnv(env: NodeJS.ProcessEnv, name: string, max: number, what: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`${name} must be a whole number from 1 to ${max} (${what}), not "${raw}"`);
  return n;
}

/** The processes asked for in `env`, undefined when not set; a clear error when it is not a whole number in range. */
export const processesFromEnv = (env: NodeJS.ProcessEnv = process.env): number | undefined => wholeFromEnv(env, PROCESSES_ENV, MAX_SANDBOX_PROCESSES, 'sandbox processes');

/** At most this many isolates of one side run a worker's jobs (replay batches) at once in one process. */
export const MAX_LANES = 2;
/** Environment variable of the core: replay lanes per background process, 1 to MAX_LANES. */
export const LANES_ENV = 'STUDIO_REPLAY_LANES';

/**
 * Isolates of one side that run its replay batches at once in a background process (`given`, an
 * option, else the environment's STUDIO_REPLAY_LANES, else the cores each background process has:
 * cores / processes; from 1 to MAX_LANES).
 * A key's batches used to run one after another on its one warm isolate: with one background
 * process on a 2-core machine, a replay used ~1.3 of the 2 cores (docs/decisions/011, round 5).
 */
export function replayLanes(given: number | undefined, processes: number, env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const wanted = given ?? wholeFromEnv(env, LANES_ENV, MAX_LANES, 'isolates of one side running replay batches at once') ?? Math.floor(cores / Math.max(1, processes));
  return Math.max(1, Math.min(Number.isInteger(wanted) ? wanted : 1, MAX_LANES));
}

/**
 * Sandbox processes for interactive runs, and as many for workers' jobs (replay batches): `given`
 * (an option), else the environment's, else cores - 1; at most as many as the warm-memory budget
 * holds isolates of the memory limit (a process needs a warm isolate of each code it runs), at
 * least 1.
 */
export function sandboxProcesses(
  given: number | undefined,
  budget: { memoryBudgetMb: number; memoryLimitMb: number },
  env: NodeJS.ProcessEnv = process.env,
  cores = availableParallelism(),
): number {
  const wanted = given ?? processesFromEnv(env) ?? spareCores(cores);
  const affordable = Math.floor(budget.memoryBudgetMb / Math.max(1, budget.memoryLimitMb));
  return Math.max(1, Math.min(wanted, affordable, MAX_SANDBOX_PROCESSES));
}
