import type { CdpCommand } from './protocol';

// An evaluation on a paused frame runs the user's expression on the isolate's thread, outside the
// run's own time limit (the run is paused). It gets the run's time limit: V8 terminates it then
// (CDP's `timeout`, answered "Execution was terminated"), and should that not end it (a builtin
// that does not look at termination, or an answer V8 takes that long to serialise), the session
// ends a moment later, its process with it. Evaluations go to the isolate one at a time, so each
// one's time starts when it does. Before (issue #39), `for(;;){}` answered 400 after 30 s but kept
// the process at 100 % until the 15-minute pause limit.

/** How long past the time limit an evaluation may go before the session ends. */
export const EVALUATION_GRACE_MS = 4000;

const EVALUATING = new Set(['Debugger.evaluateOnCallFrame']);

type Send = (method: string, params: Record<string, unknown>) => Promise<unknown>;

/**
 * Sends CDP commands; evaluations one at a time, each under the time limit (`limitMs()`, read when
 * it starts). The backstop counts the isolate's CPU time (`cpuMs`), as the run's limit does (on a
 * loaded machine wall time would end honest evaluations), and wall time only at three times it.
 */
export function createBoundedCommands(send: Send, limitMs: () => number, cpuMs: () => number, end: (message: string) => void) {
  let evaluations: Promise<unknown> = Promise.resolve();
  const evaluate = (command: CdpCommand, limit: number) => {
    const cpuStart = cpuMs();
    const wallStart = performance.now();
    const timer = setInterval(() => {
      if (cpuMs() - cpuStart > limit + EVALUATION_GRACE_MS || performance.now() - wallStart > 3 * (limit + EVALUATION_GRACE_MS)) {
        end(`The evaluation ran for more than ${limit} ms (the time limit) and was stopped: the debug session ended.`);
      }
    }, 100);
    return send(command.method, { ...command.params, timeout: limit }).finally(() => clearInterval(timer));
  };
  return (command: CdpCommand): Promise<unknown> => {
    const limit = limitMs();
    if (!EVALUATING.has(command.method) || limit <= 0) return send(command.method, command.params);
    const result = evaluations.then(() => evaluate(command, limit));
    evaluations = result.catch(() => {});
    return result;
  };
}
