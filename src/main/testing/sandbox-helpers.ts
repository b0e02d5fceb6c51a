import { fixture } from './fixtures';
import { createSandbox, type SandboxOptions } from '../sandbox';
import type { Sandbox, TransformInput, TransformOutput } from '../sandbox';
import type { ProcessSandbox } from '../sandbox';

// Helpers for the sandbox's own tests (repository fixtures, a sandbox per test file).

export { fixture, sampleEvents, GEN_EVENTS } from './fixtures';
export const eventUtils = () => ({ importName: 'eventUtils', code: fixture('libraries/event-utils.js') });

export interface SandboxHarness {
  sandbox: Sandbox;
  run(code: string, events?: Record<string, unknown>[], extra?: Partial<TransformInput>): Promise<TransformOutput>;
  /** The message of the fatal error a run throws (fails the test when it does not throw). */
  fatal(code: string, events?: Record<string, unknown>[], extra?: Partial<TransformInput>): Promise<string>;
  /** Proves the sandbox still works: a normal run right after. */
  healthy(): Promise<void>;
  /** How `transformEvent(e) { body }` on one event ends: the run's fatal error, the event's error, or `no error: <output JSON>`. */
  outcome(body: string): Promise<string>;
}

export function sandboxHarness(options: SandboxOptions = {}): SandboxHarness {
  const sandbox = createSandbox(options);
  const run = (code: string, events: Record<string, unknown>[] = [{ messageId: 'm1', type: 'track', event: 'E' }], extra: Partial<TransformInput> = {}) =>
    sandbox.transform({ code, events, ...extra });
  return {
    sandbox,
    run,
    async fatal(code, events, extra) {
      try {
        await run(code, events, extra);
      } catch (error) {
        const e = error as { code?: string; message: string };
        if (e.code !== 'sandbox_error') throw new Error(`expected a sandbox_error, got ${e.code}: ${e.message}`);
        return e.message;
      }
      throw new Error('expected the run to fail');
    },
    async outcome(body) {
      try {
        const out = await run(`export function transformEvent(e) { ${body} }`);
        return out.results[0]!.error ?? `no error: ${JSON.stringify(out.results[0]!.output)}`;
      } catch (error) {
        return (error as Error).message;
      }
    },
    async healthy() {
      const out = await run('export function transformEvent(event) { event.ok = true; return event; }', [{ messageId: 'h', n: 1 }]);
      if (out.results.length !== 1 || out.results[0]!.output?.ok !== true) throw new Error(`sandbox not healthy: ${JSON.stringify(out)}`);
    },
  };
}

/** Isolates the sandbox's processes have made so far (each run in a fresh context; a warm isolate is reused). */
export const isolatesMade = (sandbox: Sandbox) => (sandbox as ProcessSandbox).processes().reduce((sum, p) => sum + p.isolatesMade, 0);

/** Runs `code` once: how many isolates that made (1: a new one, 0: a warm one); its output's `runs` must be 1 (a fresh context). */
export async function madeByRun(h: SandboxHarness, code: string, extra: Partial<TransformInput> = {}): Promise<number> {
  const before = isolatesMade(h.sandbox);
  const out = await h.run(code, undefined, extra);
  if (out.results[0]!.output?.runs !== 1) throw new Error(`expected a fresh context (runs 1), got ${JSON.stringify(out.results[0])}`);
  return isolatesMade(h.sandbox) - before;
}
